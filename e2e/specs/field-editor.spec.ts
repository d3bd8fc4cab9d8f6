import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, createRecordByApi, registerByApi, signIn } from './helpers.ts';

// Issue 29's journey: a flat PDF becomes a template. The flat PDF is a corpus form (LibreOffice's
// sample, CC-BY-SA-4.0, apps/server/test/fixtures/pdf/README.md) with its AcroForm and widget
// annotations removed by qpdf, so only what the page prints is left: captions and boxes.
const FILLABLE = path.resolve(
  import.meta.dirname,
  '../../apps/server/test/fixtures/pdf/pdf/sf_libreoffice-form.pdf',
);

function hasTool(tool: string, flag: string): boolean {
  try {
    execFileSync(tool, [flag], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasTools =
  hasTool('qpdf', '--version') && hasTool('pdftk', '--version') && hasTool('pdftotext', '-v');

type QpdfJson = { qpdf: [Record<string, unknown>, Record<string, { value?: unknown }>] };
type PdfDict = Record<string, unknown>;

/** A copy of `source` without /AcroForm and without annotations, through qpdf's JSON update. */
function flatCopy(source: string, target: string): void {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json=2', '--json-key=qpdf', source, '-'], { encoding: 'utf8' }),
  ) as QpdfJson;
  const [header, objects] = json.qpdf;
  const rootRef = (objects.trailer?.value as PdfDict)['/Root'] as string;
  const changed: Record<string, { value: PdfDict }> = {};
  for (const [key, object] of Object.entries(objects)) {
    const value = object.value as PdfDict | undefined;
    if (key === `obj:${rootRef}` || (value && value['/Type'] === '/Page' && value['/Annots'])) {
      const kept = { ...value };
      delete kept['/AcroForm'];
      delete kept['/Annots'];
      changed[key] = { value: kept };
    }
  }
  const update = path.join(path.dirname(target), 'flatten.json');
  fs.writeFileSync(update, JSON.stringify({ qpdf: [header, changed] }));
  execFileSync('qpdf', [source, `--update-from-json=${update}`, target]);
}

type FieldInfo = {
  type: string;
  widgets: Array<{ page: number; rect: [number, number, number, number]; on_value?: string }>;
};

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Words pdftotext reads on page 1, each with its box in points from the top-left corner. */
function wordsOnPage(file: string): Array<{ text: string; box: number[] }> {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], {
    encoding: 'utf8',
  });
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ text: m[5] ?? '', box: [m[1], m[2], m[3], m[4]].map(Number) }));
}

test('a flat PDF: fields found and accepted, one drawn, mapped, generated and read back', async ({
  page,
}) => {
  test.skip(!hasTools, 'qpdf, pdftk and pdftotext make the flat PDF and read the result back');
  test.slow();
  const flat = test.info().outputPath('Registration.pdf');
  flatCopy(FILLABLE, flat);
  expect(execFileSync('pdftk', [flat, 'dump_data_fields'], { encoding: 'utf8' })).toBe('');

  await signIn(page, await registerByApi(page));
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Upload Template' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload Template' });
  await upload.getByLabel('PDF file').setInputFiles(flat);
  await upload.getByRole('button', { name: 'Upload' }).click();

  // No fields in the file: the editor opens on what the finder saw on the page.
  await expect(page.getByRole('heading', { name: 'Edit fields' })).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]+\/fields$/);
  const templateId = /templates\/([0-9a-f-]+)\/fields/.exec(page.url())?.[1] ?? '';
  await expect(page.locator('canvas').first()).toBeVisible();
  const proposed = page.locator('[data-editor-key][data-status="proposed"]');
  await expect(proposed.first()).toBeVisible();
  const found = await proposed.count();
  expect(found).toBeGreaterThanOrEqual(6);
  await page.getByRole('button', { name: /^Accept \d+ proposed$/ }).click();
  await expect(page.locator('[data-editor-key][data-status="accepted"]')).toHaveCount(found);

  // One more, drawn by hand in the empty space on the right, then named.
  await page.getByRole('button', { name: 'Draw field' }).click();
  const overlay = page.getByTestId('field-editor-overlay');
  const origin = (await overlay.boundingBox())!;
  const zoom = Number(
    (
      await page
        .getByText(/^\d+%$/)
        .first()
        .textContent()
    )?.replace('%', ''),
  );
  const at = (x: number, y: number) => [origin.x + (x * zoom) / 100, origin.y + (y * zoom) / 100];
  const [x0, y0] = at(320, 400);
  const [x1, y1] = at(520, 420);
  await page.mouse.move(x0!, y0!);
  await page.mouse.down();
  await page.mouse.move((x0! + x1!) / 2, (y0! + y1!) / 2, { steps: 4 });
  await page.mouse.move(x1!, y1!, { steps: 4 });
  await page.mouse.up();
  const panel = page.getByRole('region', { name: 'Selected field' });
  await panel.getByLabel('Name').fill('notes');
  await panel.getByLabel('Caption').fill('Notes');
  await expect(page.getByRole('button', { name: 'Text "notes"' })).toBeVisible();
  await page.getByRole('button', { name: `Save ${found + 1} fields` }).click();

  await expect(page).toHaveURL(new RegExp(`/templates/${templateId}$`));
  await expect(page.getByTestId('field-count')).toHaveText(String(found + 1));

  // Map: a table made from the form, every field mapped.
  await page.getByRole('button', { name: 'Create a table from this form' }).click();
  const create = page.getByRole('dialog', { name: 'Create a table from this form' });
  await create.getByLabel('Table name').fill('Registrations');
  await create.getByRole('button', { name: 'Create table and map fields' }).click();
  // The new table's page (it may open its first record's dialog: the record comes from the API).
  await expect(page).toHaveURL(/\/tables\/[0-9a-f-]+/);
  const tableId = /tables\/([0-9a-f-]+)/.exec(page.url())?.[1] ?? '';

  const template = await getJson<{ field_data: Record<string, FieldInfo> }>(
    page,
    `/api/v1/pdf-templates/${templateId}`,
  );
  const table = await getJson<{ fields: Array<{ name: string; type: string }> }>(
    page,
    `/api/v1/dynamic-tables/${tableId}`,
  );
  const mappings = await getJson<Array<{ field_name: string; mapped_field_key: string }>>(
    page,
    `/api/v1/field-mappings/template/${templateId}`,
  );
  expect(mappings.length).toBe(found + 1);
  const typeOf = new Map(table.fields.map((field) => [field.name, field.type]));
  const WORDS = ['Ada', 'Grace', 'Hedy', 'Katherine', 'Margaret', 'Radia', 'Barbara', 'Frances'];
  const data: Record<string, unknown> = {};
  const expected = new Map<string, string>();
  for (const mapping of mappings) {
    const info = template.field_data[mapping.field_name]!;
    const type = typeOf.get(mapping.mapped_field_key);
    if (info.type === 'checkbox' && type === 'boolean') {
      data[mapping.mapped_field_key] = true;
    } else if (info.type === 'text' && type === 'string' && !(mapping.mapped_field_key in data)) {
      const word = WORDS[expected.size % WORDS.length]!;
      data[mapping.mapped_field_key] = word;
      expected.set(mapping.field_name, word);
    }
  }
  expect(expected.get('notes')).toBeTruthy();
  expect(expected.size).toBeGreaterThanOrEqual(4);
  await createRecordByApi(page, tableId, data);

  // Generate from the table page.
  await page.goto(`/tables/${tableId}`);
  await page.getByRole('button', { name: 'Generate Forms' }).first().click();
  const generate = page.getByRole('dialog', { name: /^Generate Forms for / });
  await generate.getByLabel('Registration').check();
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate.getByText('Successfully generated 1 of 1 forms')).toBeVisible({
    timeout: 30_000,
  });
  const href = await generate
    .getByRole('list', { name: 'Generated forms' })
    .getByRole('link', { name: 'Download' })
    .getAttribute('href');
  const filled = test.info().outputPath('registration-filled.pdf');
  fs.writeFileSync(filled, await (await page.request.get(href ?? '')).body());

  // pdftk reads every value back from the fields written by the editor...
  const dump = execFileSync('pdftk', [filled, 'dump_data_fields_utf8'], { encoding: 'utf8' });
  const values = new Map(
    dump.split('---').flatMap((block) => {
      const name = /^FieldName: (.*)$/m.exec(block)?.[1];
      return name ? [[name, /^FieldValue: (.*)$/m.exec(block)?.[1] ?? '']] : [];
    }),
  );
  for (const [field, word] of expected) {
    expect(values.get(field), field).toBe(word);
  }
  // ...and poppler sees each value printed inside its box.
  const words = wordsOnPage(filled);
  for (const [field, word] of expected) {
    const [left, top, right, bottom] = template.field_data[field]!.widgets[0]!.rect;
    const printed = words.find((w) => w.text === word);
    expect(printed, `${word} printed on the page`).toBeTruthy();
    const [wx0, wy0, wx1, wy1] = printed!.box as [number, number, number, number];
    const [cx, cy] = [(wx0 + wx1) / 2, (wy0 + wy1) / 2];
    expect(cx, `${field} x`).toBeGreaterThanOrEqual(left);
    expect(cx, `${field} x`).toBeLessThanOrEqual(right);
    expect(cy, `${field} y`).toBeGreaterThanOrEqual(top - 1);
    expect(cy, `${field} y`).toBeLessThanOrEqual(bottom + 1);
  }
});

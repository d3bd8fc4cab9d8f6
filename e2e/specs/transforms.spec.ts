import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  apiToken,
  createRecordByApi,
  createTableByApi,
  registerByApi,
  signIn,
  uploadTemplateByApi,
} from './helpers.ts';

// The US passport application (DS-11) from the shared corpus: its date of marriage box asks for
// mm/dd/yyyy and the applicant's SSN is three boxes (3-2-4).
const CORPUS = path.resolve(
  import.meta.dirname,
  '../..',
  process.env.FORMBRIDGE_CORPUS ?? '../shared/corpus',
);
const DS11 = path.join(CORPUS, 'pdf/ppf_ds11_passport.pdf');
const hasPdftk = (() => {
  try {
    execFileSync('pdftk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const DATE_FIELD = 'Date of Marriage (mm/dd/yyyy)';
const SSN_FIELDS = ['Applicant SSN 1', 'Applicant SSN 2', 'Applicant SSN 3'];

async function mapByApi(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/v1/field-mappings/', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * The table view renders only the rows near the view on a form of more than 60 fields (DS-11 has
 * 81): scroll from the top, a screen at a time, as a user would, until the field's row is there.
 */
async function revealRow(page: Page, field: string) {
  const button = page.getByRole('button', { name: `Edit transform of ${field}` });
  if ((await button.count()) === 0) {
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await expect(async () => {
    if ((await button.count()) === 0) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
    }
    await expect(button).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return button;
}

/** Opens a mapping's transform editor in the table view and picks the kind. */
async function openTransform(page: Page, field: string, kind: string) {
  await (await revealRow(page, field)).click();
  const editor = page.getByRole('group', { name: `Transform of ${field}` });
  await editor.getByLabel('Transform kind').selectOption({ label: kind });
  return editor;
}

test('a date format and an SSN across three boxes: previewed on a record, then generated', async ({
  page,
}) => {
  test.skip(!fs.existsSync(DS11), `corpus form not found at ${DS11} (set FORMBRIDGE_CORPUS)`);
  test.skip(!hasPdftk, 'pdftk is not installed; the generated values are read back with it');
  test.setTimeout(120_000);

  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Passport DS-11', fs.readFileSync(DS11));
  const tableId = await createTableByApi(page, {
    name: 'Applicants',
    fields: [
      { name: 'name', type: 'string', required: true },
      { name: 'ssn', type: 'string', required: false },
      { name: 'married_on', type: 'date', required: false },
    ],
  });
  const recordId = await createRecordByApi(page, tableId, {
    name: 'Grace Hopper',
    ssn: '123-45-6789',
    married_on: '1930-06-15',
  });
  const mapping = { template_id: templateId, mapped_table_id: tableId };
  await mapByApi(page, { ...mapping, field_name: DATE_FIELD, mapped_field_key: 'married_on' });
  for (const field of SSN_FIELDS) {
    await mapByApi(page, { ...mapping, field_name: field, mapped_field_key: 'ssn' });
  }

  await page.goto(`/mapping/${templateId}`);
  await expect(page.getByRole('heading', { name: 'Passport DS-11' })).toBeVisible();
  await page.getByRole('button', { name: 'Table View' }).click();

  const date = await openTransform(page, DATE_FIELD, 'Date format');
  await date.getByLabel('Date pattern').fill('MM/DD/YYYY');
  await date.getByRole('button', { name: 'Save transform' }).click();
  await expect(page.locator(`[data-transform-for="${DATE_FIELD}"]`)).toContainText(
    'Date MM/DD/YYYY',
  );
  for (const [index, field] of SSN_FIELDS.entries()) {
    const part = await openTransform(page, field, 'Part of value');
    await part.getByLabel('Group sizes').fill('3-2-4');
    await part.getByLabel('Group number').fill(String(index + 1));
    await part.getByRole('button', { name: 'Save transform' }).click();
    await expect(page.locator(`[data-transform-for="${field}"]`)).toContainText(
      `Group ${index + 1} of 3-2-4`,
    );
  }

  await page.getByLabel('Preview with record').selectOption({ label: 'Grace Hopper' });
  const previewOf = (field: string) =>
    page.locator(`[data-preview-for="${field}"] [data-preview-value]`);
  await expect(previewOf(DATE_FIELD)).toHaveText('06/15/1930');
  await expect(previewOf('Applicant SSN 1')).toHaveText('123');
  await expect(previewOf('Applicant SSN 2')).toHaveText('45');
  await expect(previewOf('Applicant SSN 3')).toHaveText('6789');

  // The visual mapper draws the previewed value inside the box on the form. Its side panel
  // renders only rows near the view on forms over 60 fields (DS-11 has 81): found by the filter.
  await page.getByRole('button', { name: 'Visual Mapping' }).click();
  await page.getByRole('searchbox', { name: 'Filter fields' }).fill('Applicant SSN 3');
  await page.locator('[data-field-row="Applicant SSN 3"]').click();
  await expect(page.locator('[data-field-box="Applicant SSN 3"] [data-box-preview]')).toHaveText(
    '6789',
  );

  const generated = await page.request.post(
    `/api/v1/completed-forms/${templateId}/${tableId}/${recordId}`,
    { headers: { authorization: `Bearer ${await apiToken(page)}` } },
  );
  expect(generated.status(), await generated.text()).toBe(201);
  const form = (await generated.json()) as { download_url: string };
  const pdf = await page.request.get(form.download_url);
  const file = test.info().outputPath('ds11-filled.pdf');
  fs.writeFileSync(file, await pdf.body());
  const dump = execFileSync('pdftk', [file, 'dump_data_fields_utf8'], { encoding: 'utf8' });
  const values = new Map(
    dump.split('---').flatMap((block) => {
      const name = /^FieldName: (.*)$/m.exec(block)?.[1];
      const value = /^FieldValue: (.*)$/m.exec(block)?.[1];
      return name ? [[name, value ?? '']] : [];
    }),
  );
  expect(values.get(DATE_FIELD)).toBe('06/15/1930');
  expect(SSN_FIELDS.map((field) => values.get(field))).toEqual(['123', '45', '6789']);
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createTableByApi, registerByApi, signIn, uploadTemplateByApi } from './helpers.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/pdf/pdf');
const FORM = fs.readFileSync(path.join(FIXTURES, 'qpdf_manual-appearances.pdf'));
const NAMED_FORM = fs.readFileSync(path.join(FIXTURES, 'sf_libreoffice-form.pdf'));

/**
 * For every field box on the shown page, the share of its four edges along which the rendered
 * page (the canvas pdf.js drew, overlays excluded) has ink within 3 px: close to 1 when the box
 * sits on the printed box.
 */
async function edgeAlignment(page: Page): Promise<Array<{ field: string; score: number }>> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="mapping-page"] canvas');
    if (!canvas) {
      throw new Error('no canvas');
    }
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no 2d context');
    }
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const canvasBox = canvas.getBoundingClientRect();
    const ratio = canvas.width / canvasBox.width;
    const isInk = (x: number, y: number) => {
      const px = Math.round(x);
      const py = Math.round(y);
      if (px < 0 || py < 0 || px >= image.width || py >= image.height) {
        return false;
      }
      const i = (py * image.width + px) * 4;
      const [r = 255, g = 255, b = 255] = [image.data[i], image.data[i + 1], image.data[i + 2]];
      return r + g + b < 600;
    };
    const inkNear = (x: number, y: number, dx: number, dy: number) => {
      for (let d = -3 * ratio; d <= 3 * ratio; d += 1) {
        if (isInk(x + dx * d, y + dy * d)) {
          return true;
        }
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('[data-field-box]')].map((box) => {
      const rect = box.getBoundingClientRect();
      const left = (rect.left - canvasBox.left) * ratio;
      const top = (rect.top - canvasBox.top) * ratio;
      const right = (rect.right - canvasBox.left) * ratio;
      const bottom = (rect.bottom - canvasBox.top) * ratio;
      let hits = 0;
      let samples = 0;
      for (let t = 0.1; t <= 0.9; t += 0.1) {
        const x = left + (right - left) * t;
        const y = top + (bottom - top) * t;
        hits += Number(inkNear(x, top, 0, 1)) + Number(inkNear(x, bottom, 0, 1));
        hits += Number(inkNear(left, y, 1, 0)) + Number(inkNear(right, y, 1, 0));
        samples += 4;
      }
      return { field: box.dataset.fieldBox ?? '', score: hits / samples };
    });
  });
}

test('map a field on page 2 in visual mode and watch it turn green', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Rotated pages form', FORM);
  await createTableByApi(page, {
    name: 'Boxes',
    fields: [{ name: 'Notes', type: 'string', required: false }],
  });

  await page.goto(`/mapping/${templateId}`);
  await expect(page.getByRole('heading', { name: 'Rotated pages form' })).toBeVisible();
  await expect(
    page.getByText('Tip: select a table to map PDF form fields to its columns.'),
  ).toBeVisible();
  await expect(page.getByText('No fields mapped yet')).toBeVisible();
  await page.getByLabel('Data table').selectOption({ label: 'Boxes' });

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 9');
  const box = page.locator('[data-field-box="Text Box 5"]');
  await expect(box).toHaveAttribute('data-state', 'unmapped');
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await box.click();
  await expect(box).toHaveAttribute('data-state', 'selected');
  // The list scrolls inside its own panel; the window stays on the page the user clicked.
  await expect(page.locator('#visual-mapping-editor')).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  const editor = page.getByRole('region', { name: 'Selected field' });
  await expect(editor.getByText('Map to table field:')).toBeVisible();
  await page.locator('#visual-mapping-editor').fill('Notes');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Field "Text Box 5" mapped successfully')).toBeVisible();
  await expect(editor.getByText('Field is mapped to: Boxes → Notes')).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Mapping progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByText('1 of 27 fields · 4%')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await expect(box).toHaveAttribute('data-state', 'mapped');

  // The side panel keeps to its height and scrolls on its own; Generate Forms sits below it.
  const list = page.getByRole('list', { name: 'PDF fields' });
  const listBox = await list.boundingBox();
  const generateBox = await page.getByRole('link', { name: 'Generate Forms' }).boundingBox();
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  expect(generateBox!.y).toBeGreaterThanOrEqual(listBox!.y + listBox!.height);

  // A field of another page, chosen in the side panel, brings its page up.
  await page.locator('[data-field-row="Text Box 1"]').click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 9');
  await expect(page.locator('[data-field-box="Text Box 1"]')).toHaveAttribute(
    'data-state',
    'selected',
  );
});

test('table view: generate suggestions, apply all, remove one', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Registration form', NAMED_FORM);
  await createTableByApi(page, {
    name: 'People',
    fields: [
      { name: 'first_name', type: 'string', required: true },
      { name: 'last_name', type: 'string', required: true },
      { name: 'birthday', type: 'date', required: false },
      { name: 'nationality', type: 'string', required: false },
    ],
  });
  await page.goto(`/mapping/${templateId}`);
  await page.getByRole('button', { name: 'Table View' }).click();
  await expect(page.getByRole('button', { name: 'Generate Suggestions' })).toBeDisabled();
  await page.getByLabel('Data table').selectOption({ label: 'People' });
  await page.getByRole('button', { name: 'Generate Suggestions' }).click();
  await expect(page.getByText('Mapping suggestions generated')).toBeVisible();
  const lastName = page.locator('tr[data-field="Last Name"]');
  await expect(lastName).toHaveAttribute('data-status', 'Suggestion available');
  await expect(lastName.getByRole('button', { name: /^Apply last_name \(\d+%\)$/ })).toBeVisible();
  // The evidence is shown beside the confidence.
  await expect(lastName.getByText(/"last.*" ~ "last_name"/)).toBeVisible();
  // Apply All takes only what the server marks safe to write unattended, at or above the
  // threshold the user sees (90 % by default); even from 0 %, Birthday (a weaker match) is left
  // for the user.
  await expect(page.getByLabel('Apply from confidence (%)')).toHaveValue('90');
  await page.getByLabel('Apply from confidence (%)').fill('0');
  await page.getByRole('button', { name: 'Apply All Suggestions' }).click();
  // It asks first, listing what it will write by region of the page.
  const ownFields = page.getByRole('region', { name: "The record's own fields" });
  await expect(ownFields).toBeVisible();
  await expect(ownFields).not.toContainText('Birthday');
  await page.getByRole('button', { name: /^Write \d+ mappings$/ }).click();
  await expect(page.getByText(/^Applied \d+ suggestions at or above 0%$/)).toBeVisible();
  await expect(lastName).toHaveAttribute('data-status', 'Mapped');
  await expect(page.locator('tr[data-field="Birthday"]')).toHaveAttribute(
    'data-status',
    'Suggestion available',
  );
  await lastName.getByRole('button', { name: 'Remove mapping' }).click();
  await expect(page.getByText('Mapping removed successfully')).toBeVisible();
  await expect(lastName).toHaveAttribute('data-status', 'Not mapped');
  await expect(page.locator('tr[data-field="First Name"]')).toHaveAttribute(
    'data-status',
    'Mapped',
  );

  // The template page shows each target by its label and table (never an internal key) and can
  // remove one.
  await page.getByRole('link', { name: 'Back to Template' }).click();
  const firstName = page.locator('tr[data-field="First Name"]');
  await expect(firstName.getByText('first_name', { exact: true })).toBeVisible();
  await expect(firstName.getByText('in People')).toBeVisible();
  await expect(
    page.locator('tr[data-field="Last Name"]').getByRole('link', { name: 'Not mapped' }),
  ).toBeVisible();
  const mappedCount = Number(await page.getByTestId('mapped-count').textContent());
  expect(mappedCount).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('link', { name: 'Generate Forms' })).toHaveAttribute(
    'href',
    '/forms',
  );
  await firstName.getByRole('button', { name: 'Remove mapping of First Name' }).click();
  await expect(firstName.getByRole('link', { name: 'Not mapped' })).toBeVisible();
  await expect(page.getByTestId('mapped-count')).toHaveText(String(mappedCount - 1));
});

test('field boxes sit on the printed boxes at 50%, 100% and 300% zoom', async ({ page }) => {
  // Twelve page/zoom steps, each waiting for a repaint: a long journey, not a slow one.
  test.slow();
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Geometry', FORM);
  await page.goto(`/mapping/${templateId}`);
  for (const pageNumber of [1, 2, 5, 8]) {
    while ((await page.getByTestId('page-indicator').textContent()) !== `Page ${pageNumber} of 9`) {
      await page.getByRole('button', { name: 'Next page' }).click();
    }
    for (const zoom of [50, 100, 300]) {
      await page.getByRole('button', { name: 'Reset' }).click();
      while ((await page.getByTestId('zoom-level').textContent()) !== `${zoom}%`) {
        await page.getByRole('button', { name: zoom < 100 ? 'Zoom out' : 'Zoom in' }).click();
      }
      const canvas = page.getByTestId('mapping-page').locator('canvas');
      await expect(canvas).toBeVisible();
      await expect
        .poll(async () => (await canvas.boundingBox())?.width ?? 0)
        .toBeGreaterThan(((pageNumber === 2 || pageNumber === 8 ? 792 : 612) * zoom) / 100 - 3);
      // The canvas repaints after it is resized: wait until the boxes sit on the painted page.
      await expect
        .poll(
          async () => {
            const scores = await edgeAlignment(page);
            if (scores.length === 0) {
              return ['no boxes'];
            }
            return scores
              .filter(({ score }) => score < 0.9)
              .map(({ field, score }) => `${field} ${score.toFixed(2)}`);
          },
          { message: `boxes off the printed boxes on page ${pageNumber} at ${zoom}%` },
        )
        .toEqual([]);
    }
  }
  await page.screenshot({ path: test.info().outputPath('page-8-300.png') });
});

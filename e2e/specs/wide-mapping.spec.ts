import { expect, test } from '@playwright/test';
import { createTableByApi, registerByApi, signIn, uploadTemplateByApi } from './helpers.ts';
import { wideFormPdf } from './wide-form-pdf.ts';

// A 925-field form (the largest real tax return) mapped to one 925-field table: the table view
// opens, a choice list of every table field opens and filters, a field far down the list maps,
// and the last row is reachable. The times printed are the figures in docs/benchmarks.md;
// nothing here asserts a speed.

const FIELD_COUNT = 925;
const fields = Array.from({ length: FIELD_COUNT }, (_, index) => ({
  name: `col_${String(index + 1).padStart(4, '0')}`,
  label: `Column ${index + 1}`,
  type: 'string',
}));

test('a 925-field form maps to a 925-field table in both views', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, await registerByApi(page));
  await createTableByApi(page, { name: 'Tax return', fields });
  const templateId = await uploadTemplateByApi(page, 'Wide form', wideFormPdf(FIELD_COUNT));
  const timings: Record<string, number> = {};
  const time = async (name: string, action: () => Promise<void>) => {
    const started = performance.now();
    await action();
    timings[name] = Math.round(performance.now() - started);
  };

  const options = page.getByRole('listbox');
  await time('visual view: field list', async () => {
    await page.goto(`/mapping/${templateId}`);
    await expect(page.locator('[data-field-row="line_0001"]')).toBeVisible({ timeout: 60_000 });
  });
  await page.getByLabel('Data table').selectOption({ label: 'Tax return' });
  await time('visual view: pick a field, open its choice list', async () => {
    await page.locator('[data-field-row="line_0001"]').click();
    await page.getByLabel('Map to table field:').press('ArrowDown');
    await expect(options.getByRole('option', { name: /^Column 1\s*string$/ })).toBeVisible({
      timeout: 30_000,
    });
  });
  await page.keyboard.press('Escape');
  const first = page.locator('tr[data-field="line_0001"]');
  await time('table view: first row', async () => {
    await page.getByRole('button', { name: 'Table View' }).click();
    await expect(first).toBeVisible({ timeout: 60_000 });
  });

  const choice = page.getByRole('combobox', { name: 'Table field for line_0001' });
  await time('choice list: open', async () => {
    await choice.click();
    await expect(options.getByRole('option', { name: /^Column 1\s*string$/ })).toBeVisible({
      timeout: 30_000,
    });
  });
  // The keyboard reaches past the options in view: End focuses the last option and shows it.
  await choice.press('End');
  await expect(options.locator('.mapping-select__option--is-focused')).toBeVisible();
  await time('choice list: filter and choose the last column', async () => {
    await choice.fill('Column 925');
    await expect(options.getByRole('option', { name: /^Column 925\s*string$/ })).toBeVisible({
      timeout: 30_000,
    });
    await choice.press('Enter');
    await expect(first).toHaveAttribute('data-status', 'Mapped', { timeout: 30_000 });
  });

  const last = page.locator('tr[data-field="line_0925"]');
  await time('table view: reach the last row', async () => {
    for (let step = 0; step < 200 && !(await last.isVisible()); step += 1) {
      await page.mouse.wheel(0, 4000);
    }
    await expect(last).toBeVisible();
  });
  console.log(`925-field form and table, mapping: ${JSON.stringify(timings)}`);
});

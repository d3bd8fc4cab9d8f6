import { expect, test, type Locator } from '@playwright/test';
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

/** Whether a row is on screen inside the side panel's scrolling list (not merely in the page). */
function isInList(row: Locator): Promise<boolean> {
  return row.evaluateAll((elements) => {
    const element = elements[0];
    // The box that scrolls: the list, or the box around it when the list is windowed.
    let list = element?.parentElement ?? null;
    while (list && !['auto', 'scroll'].includes(getComputedStyle(list).overflowY)) {
      list = list.parentElement;
    }
    if (!element || !list) {
      return false;
    }
    const box = element.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    return box.height > 0 && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  });
}

test('a 925-field form maps to a 925-field table in both views', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, await registerByApi(page));
  await createTableByApi(page, { name: 'Tax return', fields });
  const templateId = await uploadTemplateByApi(page, 'Wide form', wideFormPdf(FIELD_COUNT));
  // Wall time; the page's main-thread busy time (CDP TaskDuration), and its CPU time (ThreadTime):
  // the last is what the page itself spent (scripts, layout and Playwright's own queries), the
  // least sensitive to a loaded machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const pageSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const read = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
    return { busy: read('TaskDuration'), cpu: read('ThreadTime') };
  };
  const timings: Record<string, string> = {};
  const time = async (name: string, action: () => Promise<void>) => {
    const started = performance.now();
    const before = await pageSeconds();
    await action();
    const after = await pageSeconds();
    const ms = (seconds: number) => Math.round(seconds * 1000);
    timings[name] =
      `${Math.round(performance.now() - started)} ms ` +
      `(busy ${ms(after.busy - before.busy)} ms, cpu ${ms(after.cpu - before.cpu)} ms)`;
  };

  const options = page.getByRole('listbox');
  await time('visual view: field list', async () => {
    await page.goto(`/mapping/${templateId}`);
    await expect(page.locator('[data-field-row="line_0001"]')).toBeVisible({ timeout: 60_000 });
  });
  await page.getByLabel('Data table').selectOption({ label: 'Tax return' });
  const lastRow = page.locator('[data-field-row="line_0925"]');
  await time('visual view: scroll the field list to the end', async () => {
    await page.locator('[data-field-row="line_0001"]').hover();
    for (let step = 0; step < 200 && !(await isInList(lastRow)); step += 1) {
      await page.mouse.wheel(0, 4000);
    }
    expect(await isInList(lastRow)).toBe(true);
  });
  // A box clicked on the PDF selects its field and brings its row back into the list's view.
  const firstRow = page.locator('[data-field-row="line_0001"]');
  await time('visual view: pick a field on the PDF, open its choice list', async () => {
    await page.locator('[data-field-box="line_0001"]').click();
    await expect.poll(() => isInList(firstRow)).toBe(true);
    await page.getByLabel('Map to table field:').press('ArrowDown');
    await expect(options.getByRole('option', { name: /^Column 1\s*string$/ })).toBeVisible({
      timeout: 30_000,
    });
  });
  await page.keyboard.press('Escape');

  // The filter finds a field far down the form by its label; the field maps from there, and the
  // filter then finds it by the table field it is mapped to.
  const filter = page.getByRole('searchbox', { name: 'Filter fields' });
  await filter.fill('line 700');
  await expect(page.getByText('1 of 925 fields', { exact: true })).toBeVisible();
  await page.locator('[data-field-row="line_0700"]').click();
  await page.getByLabel('Map to table field:').fill('Column 700');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Field "line_0700" mapped successfully')).toBeVisible();
  await filter.fill('column 700');
  await expect(
    page.locator('[data-field-row="line_0700"]').getByText('Tax return → Column 700'),
  ).toBeVisible();
  await filter.fill('no such field');
  await expect(page.getByText('No fields match “no such field”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByText('925 fields', { exact: true })).toBeVisible();
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

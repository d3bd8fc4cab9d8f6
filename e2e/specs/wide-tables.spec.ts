import { expect, test } from '@playwright/test';
import { apiToken, createTableByApi, importCsvByApi, registerByApi, signIn } from './helpers.ts';

// A 1,000-field table (real forms have up to 925 fields and map to one table): the records grid,
// the record form and the schema editor open, and a value far down the form saves. The times
// printed are the figures in docs/benchmarks.md; nothing here asserts a speed.

const FIELD_COUNT = 1000;
const RECORD_COUNT = 40;
const TYPES = ['string', 'string', 'string', 'number', 'string', 'string', 'string', 'date'];

const fields = Array.from({ length: FIELD_COUNT }, (_, index) => ({
  name: `line_${String(index + 1).padStart(4, '0')}`,
  label: `Line ${index + 1}`,
  type: TYPES[index % TYPES.length],
}));

function cellValue(type: string | undefined, row: number, column: number): string {
  if (type === 'number') {
    return String(row * 1000 + column);
  }
  return type === 'date' ? '2026-01-15' : `r${row}c${column}`;
}

function csv(): string {
  const header = fields.map((field) => field.name).join(',');
  const rows = Array.from({ length: RECORD_COUNT }, (_, row) =>
    fields.map((field, column) => cellValue(field.type, row + 1, column + 1)).join(','),
  );
  return [header, ...rows].join('\n');
}

test('a 1,000-field table: grid, record form and schema editor open, a record saves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await registerByApi(page));
  const tableId = await createTableByApi(page, { name: 'Tax return', fields });
  expect(await importCsvByApi(page, tableId, csv())).toBe(RECORD_COUNT);
  const timings: Record<string, number> = {};
  const time = async (name: string, action: () => Promise<void>) => {
    const started = performance.now();
    await action();
    timings[name] = Math.round(performance.now() - started);
  };

  const grid = page.getByRole('region', { name: 'Records table' });
  await time('records grid: first row', async () => {
    await page.goto(`/tables/${tableId}`);
    await expect(grid.getByRole('cell', { name: 'r1c1', exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });

  const dialog = page.getByRole('dialog', { name: 'Edit Record' });
  await time('record form: open', async () => {
    await grid.getByRole('row').nth(1).getByRole('button', { name: 'Edit Record' }).click();
    await expect(dialog.getByLabel('Line 1', { exact: true })).toHaveValue('r1c1', {
      timeout: 30_000,
    });
  });
  // The last field is far below the fold: scrolled to, typed into, saved.
  const last = dialog.getByLabel('Line 999', { exact: true });
  await time('record form: reach the last field', async () => {
    await dialog.getByRole('region', { name: 'Record fields' }).hover();
    for (let step = 0; step < 60 && !(await last.isVisible()); step += 1) {
      await page.mouse.wheel(0, 3000);
    }
    await expect(last).toBeVisible();
  });
  await last.fill('changed at the end');
  await time('record form: save', async () => {
    await dialog.getByRole('button', { name: 'Save Record' }).click();
    await expect(page.getByText('Record updated successfully')).toBeVisible({ timeout: 30_000 });
  });
  const records = await page.request.get(`/api/v1/dynamic-tables/${tableId}/records?limit=1`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  const [saved] = (await records.json()) as Array<{ data: Record<string, unknown> }>;
  expect(saved?.data.line_0999).toBe('changed at the end');
  expect(saved?.data.line_0001).toBe('r1c1');

  // The success toast sits over Edit Schema: a click waits until it has gone, which is not the
  // editor's time.
  await expect(page.getByText('Record updated successfully')).toBeHidden({ timeout: 15_000 });
  await time('schema editor: open', async () => {
    await page.getByRole('button', { name: 'Edit Schema' }).click();
    const schema = page.getByRole('dialog', { name: 'Edit Table Schema' });
    await expect(schema.getByLabel('Field 1 name')).toHaveValue('line_0001', { timeout: 30_000 });
  });
  console.log(`1,000-field table (${RECORD_COUNT} records): ${JSON.stringify(timings)}`);
});

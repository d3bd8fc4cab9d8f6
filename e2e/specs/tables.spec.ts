import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createRecordByApi,
  createTableByApi,
  importCsvByApi,
  registerByApi,
  signIn,
} from './helpers.ts';

const CSV_50 = path.resolve(import.meta.dirname, '../fixtures/invoices-50.csv');
const PDF = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/pdf/pdf/qpdf_field-types.pdf'),
);

test.beforeEach(async ({ page }) => {
  await signIn(page, await registerByApi(page));
});

/** The records-table row that holds this text. */
function recordRow(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: 'Records table' })
    .getByRole('row')
    .filter({ hasText: text });
}

/** The cell of a row under the column with this header. */
async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await page
    .getByRole('region', { name: 'Records table' })
    .getByRole('columnheader')
    .allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

test('the create modal says what is missing, then creates the table', async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Dynamic Tables' }).click();
  await expect(page.getByText('No dynamic tables found')).toBeVisible();
  await page.getByRole('button', { name: 'Create New Dynamic Table' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Dynamic Table' });
  await expect(dialog.getByRole('button', { name: 'Remove field 1' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Create Table' }).click();
  await expect(dialog.getByText('Please provide a table name')).toBeVisible();
  await expect(dialog.getByText('All fields must have a name')).toBeVisible();

  await dialog.getByLabel('Table name').fill('Clients');
  await dialog.getByLabel('Field 1 name').fill('email');
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await dialog.getByLabel('Field 2 name').fill('Email');
  await dialog.getByRole('button', { name: 'Create Table' }).click();
  await expect(dialog.getByText('Field names must be unique')).toBeVisible();
  await expect(dialog.getByText('Please provide a table name')).toHaveCount(0);

  const typeOptions = await dialog.getByLabel('Field 2 type').locator('option').allTextContents();
  expect(typeOptions).toEqual(['Text', 'Number', 'Date', 'Yes/No', 'Email', 'File Upload']);
  await dialog.getByRole('button', { name: 'Remove field 2' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove field 1' })).toHaveCount(0);
  await dialog.getByLabel('Field 1 required').check();
  await dialog.getByRole('button', { name: 'Create Table' }).click();
  await expect(page.getByText('Table created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: 'Clients' });
  await expect(card.getByText('1 field')).toBeVisible();
  await card.getByRole('link', { name: 'Edit Clients' }).click();
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Email' })).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();
});

test('a missing table says so and leads back', async ({ page }) => {
  await page.goto('/tables/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Table not found' })).toBeVisible();
  await expect(
    page.getByText('The requested table could not be found. It may have been deleted.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Tables' }).click();
  await expect(page).toHaveURL(/\/tables$/);
});

test('every field type, records with a file and a link, a schema edit, CSV in and out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const clientsId = await createTableByApi(page, {
    name: 'Clients',
    fields: [{ name: 'name', required: true }, { name: 'city' }],
  });
  await createRecordByApi(page, clientsId, { name: 'Ada Lovelace', city: 'London' });
  await createRecordByApi(page, clientsId, { name: 'Grace Hopper', city: 'New York' });
  await createRecordByApi(page, clientsId, { name: 'Nobody', city: 'Nowhere' });

  // The create modal offers six types; the link comes with the first schema edit.
  await page.goto('/tables');
  await page.getByRole('button', { name: 'Create New Dynamic Table' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create New Dynamic Table' });
  await create.getByLabel('Table name').fill('Invoices');
  const fields = [
    ['title', 'Text'],
    ['amount', 'Number'],
    ['due', 'Date'],
    ['paid', 'Yes/No'],
    ['contact', 'Email'],
    ['scan', 'File Upload'],
  ] as const;
  for (const [index, [name, type]] of fields.entries()) {
    if (index > 0) {
      await create.getByRole('button', { name: 'Add Field' }).click();
    }
    await create.getByLabel(`Field ${index + 1} name`).fill(name);
    await create.getByLabel(`Field ${index + 1} type`).selectOption({ label: type });
  }
  await create.getByLabel('Field 1 required').check();
  await create.getByRole('button', { name: 'Create Table' }).click();
  await expect(page.getByText('Table created successfully')).toBeVisible();
  await page.getByRole('article').filter({ hasText: 'Invoices' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Schema' }).click();
  let schema = page.getByRole('dialog', { name: 'Edit Table Schema' });
  await schema.getByRole('button', { name: 'Add Field' }).click();
  await schema.getByLabel('Field 7 name').fill('client');
  await schema.getByLabel('Field 7 type').selectOption({ label: 'Link to Table' });
  await schema.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    schema.getByText("Field 'client' is type 'link' but no linked table is selected."),
  ).toBeVisible();
  await schema.getByLabel('Field 7 linked table').selectOption({ label: 'Clients' });
  await schema.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Table schema updated successfully').last()).toBeVisible();
  const definitions = page.getByRole('region', { name: 'Field Definitions' });
  for (const label of ['Text', 'Number', 'Date', 'Yes/No', 'Email', 'File Upload']) {
    await expect(definitions.getByRole('cell', { name: label, exact: true })).toBeVisible();
  }
  await expect(definitions.getByRole('cell', { name: 'Link to Table → Clients' })).toBeVisible();

  // Add a record: required check first, then every type; the file waits for the saved record.
  await page.getByRole('button', { name: 'Add Record' }).first().click();
  let record = page.getByRole('dialog', { name: 'Add New Record' });
  await expect(
    record.getByText('File upload will be available after saving the record'),
  ).toBeVisible();
  await record.getByRole('button', { name: 'Save Record' }).click();
  await expect(record.getByText("Field 'title' is required.")).toBeVisible();
  await record.getByLabel('title').fill('March invoice');
  await record.getByLabel('amount').fill('1250.5');
  await record.getByLabel('due').fill('2025-03-14');
  await record.getByLabel('paid').check();
  await record.getByLabel('contact').fill('ada@example.com');
  await record.getByLabel('client').selectOption({ label: 'Ada Lovelace' });
  await record.getByRole('button', { name: 'Save Record' }).click();
  await expect(page.getByText('Record added successfully').last()).toBeVisible();
  record = page.getByRole('dialog', { name: 'Edit Record' });
  await record.getByLabel('Upload file for scan').setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(record.getByRole('link', { name: 'scan.pdf' })).toBeVisible();
  await record.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(record).toBeHidden();

  await page.getByRole('button', { name: 'Add Record' }).first().click();
  record = page.getByRole('dialog', { name: 'Add New Record' });
  await record.getByLabel('title').fill('April invoice');
  await record.getByRole('button', { name: 'Save Record' }).click();
  await expect(page.getByText('Record added successfully').last()).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Record' }).getByLabel('Close').click();

  const march = recordRow(page, 'March invoice');
  const localDate = await page.evaluate(() =>
    new Date(Date.UTC(2025, 2, 14)).toLocaleDateString(undefined, { timeZone: 'UTC' }),
  );
  await expect(await cellUnder(page, march, 'amount')).toHaveText('1250.5');
  await expect(await cellUnder(page, march, 'due')).toHaveText(localDate);
  await expect(await cellUnder(page, march, 'paid')).toHaveText('Yes');
  await expect(await cellUnder(page, march, 'scan')).toHaveText('scan.pdf');
  const link = (await cellUnder(page, march, 'client')).getByRole('link', { name: 'Ada Lovelace' });
  // A link cell opens the linked record itself (docs/decisions.md).
  await expect(link).toHaveAttribute('href', new RegExp(`^/tables/${clientsId}\\?record=[\\w-]+$`));
  const april = recordRow(page, 'April invoice');
  await expect(await cellUnder(page, april, 'amount')).toHaveText('—');
  await expect(await cellUnder(page, april, 'paid')).toHaveText('No');
  await expect(await cellUnder(page, april, 'scan')).toHaveText('No file');

  // Rename a field, add a combination rule and a display field: the values follow.
  await page.getByRole('button', { name: 'Edit Schema' }).click();
  schema = page.getByRole('dialog', { name: 'Edit Table Schema' });
  await schema.getByLabel('Field 1 name').fill('subject');
  await schema.getByRole('button', { name: 'Add Combination Rule' }).click();
  await schema.getByLabel('Rule 1 name').fill('summary');
  await schema.getByLabel('Rule 1 separator').fill(' / ');
  const sources = schema.getByRole('group', { name: 'Rule 1 source fields' });
  await sources.getByLabel('subject').check();
  await sources.getByLabel('contact').check();
  await schema.getByLabel('Use a display field to name records').check();
  await schema.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    schema.getByText('Please select a display field or disable the display field feature'),
  ).toBeVisible();
  await expect(schema.getByLabel('Display field', { exact: true }).locator('option')).toHaveText([
    'Select a field',
    'subject',
    'amount',
    'contact',
  ]);
  await schema.getByLabel('Display field', { exact: true }).selectOption({ label: 'subject' });
  await schema.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Table schema updated successfully').last()).toBeVisible();
  await expect(schema).toBeHidden();

  await expect(await cellUnder(page, march, 'subject')).toHaveText('March invoice');
  await expect(await cellUnder(page, march, 'summary')).toHaveText(
    'March invoice / ada@example.com',
  );
  await expect(await cellUnder(page, march, 'scan')).toHaveText('scan.pdf');
  await expect(await cellUnder(page, march, 'client')).toHaveText('Ada Lovelace');

  // Import 50 rows from a CSV, then export everything back.
  await page.getByRole('button', { name: 'Import CSV/Excel' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import records' });
  await importDialog.getByLabel('CSV or Excel (.xlsx) file').setInputFiles(CSV_50);
  await expect(importDialog.getByTestId('import-row-count')).toContainText('50 rows found');
  await expect(importDialog.getByLabel('Field for column subject')).toHaveValue('subject');
  await expect(importDialog.getByLabel('Field for column client')).toHaveValue('client');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported 50 records successfully')).toBeVisible();
  await expect(page.getByTestId('record-count')).toHaveText('52');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Invoices.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(53);
  expect(lines[0]).toBe('subject,amount,due,paid,contact,scan,client,summary');
  expect(lines[1]).toBe(
    'March invoice,1250.5,2025-03-14,Yes,ada@example.com,scan.pdf,Ada Lovelace,March invoice / ada@example.com',
  );
  expect(lines[52]).toContain('Imported invoice 50,');
  expect(lines[52]).toContain(',Ada Lovelace,');

  // A link cell opens the linked record in its table; a linked record cannot be deleted, others can.
  await (await cellUnder(page, march, 'client')).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  const linkedRecord = page.getByRole('dialog', { name: 'Edit Record' });
  await expect(linkedRecord.getByRole('textbox').first()).toHaveValue('Ada Lovelace');
  await linkedRecord.getByLabel('Close').click();
  await expect(linkedRecord).toBeHidden();
  await expect(page).toHaveURL(/\/tables\/[\w-]+$/);
  await recordRow(page, 'Ada Lovelace').getByRole('button', { name: 'Delete Record' }).click();
  let confirmRecord = page.getByRole('dialog', { name: 'Delete record' });
  await expect(
    confirmRecord.getByText('Are you sure you want to delete this record?'),
  ).toBeVisible();
  await confirmRecord.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(
      "Record 'Ada Lovelace' cannot be deleted because 26 records link to it from 'Invoices'. Change or delete those records first.",
    ),
  ).toBeVisible();
  await recordRow(page, 'Nobody').getByRole('button', { name: 'Delete Record' }).click();
  confirmRecord = page.getByRole('dialog', { name: 'Delete record' });
  await confirmRecord.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Record deleted successfully')).toBeVisible();
  await expect(recordRow(page, 'Nobody')).toHaveCount(0);
  await expect(page.getByTestId('record-count')).toHaveText('2');

  // Clients is linked from Invoices: the server refuses, and the dialog says why.
  await page.goto('/tables');
  await page
    .getByRole('article')
    .filter({ hasText: 'Clients' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete table' });
  await expect(confirm.getByText(/Deletion may be prevented if the table is linked/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    "Table 'Clients' cannot be deleted because it is linked from the table 'Invoices'.",
  );
});

test('a type change that loses values lists them; removing a field asks first', async ({
  page,
}) => {
  const tableId = await createTableByApi(page, {
    name: 'People',
    fields: [{ name: 'name' }, { name: 'age' }, { name: 'notes' }],
  });
  const adaId = await createRecordByApi(page, tableId, { name: 'Ada', age: 'forty' });
  await createRecordByApi(page, tableId, { name: 'Bob', age: '30', notes: 'met in May' });
  await page.goto(`/tables/${tableId}`);

  await page.getByRole('button', { name: 'Edit Schema' }).click();
  const schema = page.getByRole('dialog', { name: 'Edit Table Schema' });
  await schema.getByLabel('Field 2 type').selectOption({ label: 'Number' });
  await schema.getByRole('button', { name: 'Save Changes' }).click();
  const problems = schema.getByRole('alert');
  await expect(problems).toContainText('Failed to update table');
  await expect(problems).toContainText(
    `Record 'Ada' (${adaId.slice(0, 8)}...) has the value 'forty'.`,
  );
  await expect(problems).not.toContainText("'Bob'");

  await schema.getByLabel('Field 2 type').selectOption({ label: 'Text' });
  await schema.getByRole('button', { name: 'Remove field 3' }).click();
  await schema.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    schema.getByText('These fields and their values will be deleted: notes'),
  ).toBeVisible();
  await expect(schema.getByText('notes: 1 record has a value')).toBeVisible();
  await schema.getByRole('button', { name: 'Delete Fields and Save' }).click();
  await expect(page.getByText('Table schema updated successfully')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Records table' }).getByRole('columnheader'),
  ).toHaveText(['ID', 'name', 'age', 'Actions']);
  await expect(page.getByTestId('field-count')).toHaveText('2');
});

test('10,000 records scroll with only the visible rows in the page', async ({ page }) => {
  test.setTimeout(60_000);
  const tableId = await createTableByApi(page, {
    name: 'Big',
    fields: [{ name: 'name' }, { name: 'n', type: 'number' }],
  });
  const rows = Array.from({ length: 10_000 }, (_, index) => `Row ${index + 1},${index + 1}`);
  expect(await importCsvByApi(page, tableId, `name,n\n${rows.join('\n')}\n`)).toBe(10_000);

  // The grid reads pages of the records from the server, never the whole table.
  const recordCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api/v1/dynamic-tables/${tableId}/records`) {
      recordCalls.push(url.search);
    }
  });
  await page.goto(`/tables/${tableId}`);
  await expect(page.getByTestId('record-count')).toHaveText('10000');
  const records = page.getByRole('region', { name: 'Records table' });
  await expect(records.getByRole('cell', { name: 'Row 1', exact: true })).toBeVisible();
  expect(await records.locator('tbody tr').count()).toBeLessThan(100);

  await records.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(records.getByRole('cell', { name: 'Row 10000', exact: true })).toBeVisible();
  await expect(records.getByRole('cell', { name: 'Row 1', exact: true })).toHaveCount(0);
  expect(await records.locator('tbody tr').count()).toBeLessThan(100);
  expect(recordCalls).toContain('?limit=100&offset=0');
  expect(recordCalls).toContain('?limit=100&offset=9900');
  expect(recordCalls.every((search) => search.includes('limit='))).toBe(true);
});

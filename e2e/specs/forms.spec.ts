import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  apiToken,
  createTableByApi,
  registerByApi,
  signIn,
  uploadTemplateByApi,
} from './helpers.ts';

const SIMPLE_FORM = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/own/simple-form.pdf'),
);

async function post(page: Page, url: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A template mapped to a Clients table with one record, all through the API. */
async function seedMappedTemplate(page: Page) {
  const templateId = await uploadTemplateByApi(page, 'Application', SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: 'Clients',
    fields: [
      { name: 'full_name', type: 'string', required: true },
      { name: 'email', type: 'email', required: false },
      { name: 'agrees', type: 'boolean', required: false },
    ],
  });
  for (const [field, key] of [
    ['applicant.full_name', 'full_name'],
    ['applicant.email', 'email'],
    ['agree', 'agrees'],
  ]) {
    await post(page, '/api/v1/field-mappings/', {
      template_id: templateId,
      field_name: field,
      mapped_table_id: tableId,
      mapped_field_key: key,
    });
  }
  await post(page, `/api/v1/dynamic-tables/${tableId}/records`, {
    data: { full_name: 'Zoë Ñandú', email: 'zoe@example.com', agrees: true },
  });
  return { templateId, tableId };
}

test('generate a form from /forms, inspect it, e-mail it and delete it', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  await seedMappedTemplate(page);
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Completed Forms' })
    .click();
  await expect(page.getByText('No completed forms found')).toBeVisible();

  await page.getByRole('button', { name: 'Generate New Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Completed Form' });
  await dialog.getByRole('button', { name: 'Generate Form' }).click();
  await expect(dialog.getByText('Please select a template, table, and record')).toBeVisible();
  await dialog.getByLabel('Template').selectOption({ label: 'Application' });
  // The only table mapped to the template is chosen for the user.
  await expect(dialog.getByLabel('Table')).toHaveValue(/.+/);
  await dialog.getByLabel('Record').selectOption({ label: 'Zoë Ñandú' });
  await dialog.getByRole('button', { name: 'Generate Form' }).click();
  await expect(page.getByText('Form generated successfully')).toBeVisible();

  const card = page.getByRole('article', { name: 'Zoë Ñandú' });
  await expect(card.getByText('Application')).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();

  await expect(page.getByRole('heading', { name: 'Application' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Form Details' });
  await expect(details.getByText('Clients')).toBeVisible();
  const report = page.getByRole('region', { name: 'Fill report' });
  await expect(report.getByRole('cell', { name: 'Zoë Ñandú' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'PDF Preview' }).locator('canvas')).toBeVisible();
  await expect(page.getByTestId('viewer-page-indicator')).toHaveText('Page 1 of 1');

  const download = await page.request.get(
    (await page.getByRole('link', { name: 'Download' }).first().getAttribute('href')) ?? '',
  );
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Email' }).click();
  const email = page.getByRole('dialog', { name: 'Send Form via Email' });
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(email.getByText('Please provide at least one email recipient')).toBeVisible();
  await email.getByLabel('Recipients (comma-separated)').fill('one@example.com, two@example.com');
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Form sent via email successfully')).toBeVisible();
  await expect(details.getByText('one@example.com, two@example.com')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete completed form' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Form deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(page.getByText('No completed forms found')).toBeVisible();
});

test('a template with no mapped table says so; an unknown form id says Form not found', async ({
  page,
}) => {
  await signIn(page, await registerByApi(page));
  await uploadTemplateByApi(page, 'Unmapped', SIMPLE_FORM);
  await page.goto('/forms');
  await page.getByRole('button', { name: 'Generate New Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Completed Form' });
  await dialog.getByLabel('Template').selectOption({ label: 'Unmapped' });
  await expect(
    dialog.getByText('No tables are mapped to this template. Please set up field mappings first.'),
  ).toBeVisible();
  await page.goto('/forms/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Form not found' })).toBeVisible();
});

test('from a table: one record into two templates, then every record in bulk with a zip', async ({
  page,
}) => {
  await signIn(page, await registerByApi(page));
  const { templateId, tableId } = await seedMappedTemplate(page);
  const second = await uploadTemplateByApi(page, 'Second form', SIMPLE_FORM);
  await post(page, '/api/v1/field-mappings/', {
    template_id: second,
    field_name: 'applicant.full_name',
    mapped_table_id: tableId,
    mapped_field_key: 'full_name',
  });
  for (const name of ['Иван Петров', '张伟', '김민준']) {
    await post(page, `/api/v1/dynamic-tables/${tableId}/records`, { data: { full_name: name } });
  }
  expect(templateId).toBeTruthy();

  await page.goto(`/tables/${tableId}`);
  await expect(page.getByText('2 templates mapped to this table.')).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: 'Zoë Ñandú' })
    .getByRole('button', { name: 'Generate Forms' })
    .click();
  const single = page.getByRole('dialog', { name: 'Generate Forms for Zoë Ñandú' });
  await single.getByRole('button', { name: 'Generate' }).click();
  await expect(single.getByText('Please select at least one template')).toBeVisible();
  await single.getByLabel('Application').check();
  await single.getByLabel('Second form').check();
  await single.getByRole('button', { name: 'Generate' }).click();
  await expect(single.getByText('Successfully generated 2 of 2 forms')).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    single.getByRole('list', { name: 'Generated forms' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(single.getByRole('link', { name: 'Download All' })).toBeVisible();
  await single.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('button', { name: 'Generate for all records' }).click();
  const bulk = page.getByRole('dialog', { name: 'Generate Forms for 4 records' });
  await bulk.getByLabel('Application').check();
  await bulk.getByRole('button', { name: 'Generate' }).click();
  await expect(bulk.getByText('Successfully generated 4 of 4 forms')).toBeVisible({
    timeout: 30_000,
  });
  const zipUrl = await bulk.getByRole('link', { name: 'Download All' }).getAttribute('href');
  const zip = await page.request.get(zipUrl ?? '');
  expect(zip.status()).toBe(200);
  const bytes = await zip.body();
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // Four PDFs in the archive: count the zip's central-directory entries.
  expect(bytes.toString('latin1').split('PK\u0001\u0002').length - 1).toBe(4);

  await page.goto('/forms');
  await expect(page.getByRole('article')).toHaveCount(6);
});

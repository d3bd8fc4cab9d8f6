import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

test.describe.configure({ timeout: 60_000 });

test('create a table from the form on the template page, edit it, every field mapped', async ({
  page,
}) => {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Membership form', SIMPLE_FORM);
  await page.goto(`/templates/${templateId}`);
  await page.getByRole('button', { name: 'Create a table from this form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a table from this form' });
  const columns = dialog.getByRole('list', { name: 'Proposed columns' });
  await expect(columns.getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByLabel('Column 1 label')).toHaveValue('Full name');
  await expect(dialog.getByLabel('Column 2 type')).toHaveValue('email');
  await expect(dialog.getByLabel('Column 3 type')).toHaveValue('boolean');
  await dialog.getByLabel('Column 1 label').fill('Member name');
  await dialog.getByLabel('Table name').fill('Members');
  await dialog.getByRole('button', { name: 'Create table and map fields' }).click();

  await expect(page.getByText('Table "Members" created; 3 fields mapped')).toBeVisible();
  // The next step opens at once: the table's first record.
  await expect(page).toHaveURL(/\/tables\/[0-9a-f-]+\?add=1$/);
  await expect(page.getByRole('dialog', { name: 'Add New Record' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/tables\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  const mappings = await page.request.get(`/api/v1/field-mappings/template/${templateId}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(((await mappings.json()) as unknown[]).length).toBe(3);
});

test('the mapping screen without tables offers a table made from the form', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Membership form', SIMPLE_FORM);
  await page.goto(`/mapping/${templateId}`);
  await expect(
    page.getByText('You have no tables yet: make one from this form, with every field mapped.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create a table from this form' }).click();
  await page.getByRole('button', { name: 'Create table and map fields' }).click();
  await expect(page.getByLabel('Data table')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByText('All fields mapped')).toBeVisible();
});

test('the mapping screen adds the columns a chosen table lacks and maps every field', async ({
  page,
}) => {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Membership form', SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: 'Members',
    fields: [{ name: 'full_name', label: 'Full name', type: 'string', required: true }],
  });
  await page.goto(`/mapping/${templateId}`);
  await page.getByLabel('Data table').selectOption(tableId);
  await page.getByRole('button', { name: 'Add missing columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add missing columns to Members' });
  // The name column exists: only e-mail and the checkbox are proposed.
  await expect(dialog.getByText('1 field will map to columns it already has.')).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Proposed columns' }).getByRole('listitem'),
  ).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Add columns and map fields' }).click();
  await expect(page.getByText('2 columns added to "Members"; 3 fields mapped')).toBeVisible();
  await expect(page.getByText('All fields mapped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add missing columns' })).toHaveCount(0);
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createFormbridgeClient } from '@formbridge/client';
import {
  apiToken,
  createTableByApi,
  registerByApi,
  signIn,
  uploadTemplateByApi,
} from './helpers.ts';

// Issue 33: an Admin makes an API token on the API tokens screen, copies it once, and a script
// with the typed client generates and downloads a filled PDF with it; revoking it stops it.

const SIMPLE_FORM = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/own/simple-form.pdf'),
);

test('an Admin makes a token, a script fills a PDF with it, and revoking stops it', async ({
  page,
  baseURL,
}) => {
  await signIn(page, await registerByApi(page));
  const session = await apiToken(page);
  const templateId = await uploadTemplateByApi(page, 'Application', SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: 'Clients',
    fields: [{ name: 'full_name', type: 'string', required: true }],
  });
  const mapped = await page.request.post('/api/v1/field-mappings/', {
    headers: { authorization: `Bearer ${session}` },
    data: {
      template_id: templateId,
      field_name: 'applicant.full_name',
      mapped_table_id: tableId,
      mapped_field_key: 'full_name',
    },
  });
  expect(mapped.status()).toBe(201);

  await page.getByRole('link', { name: 'API tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API tokens', exact: true })).toBeVisible();
  await expect(page.getByText('No API tokens')).toBeVisible();
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await dialog.getByLabel('Name').fill('Nightly script');
  await dialog.getByLabel('Role').selectOption('editor');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'API token created' });
  await expect(shown.getByText('you won’t see it again')).toBeVisible();
  const token = await shown.getByLabel('Your new API token').inputValue();
  expect(token).toMatch(/^fbt_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: /Nightly script/ });
  await expect(row).toContainText('Editor');
  await expect(row).toContainText('Never');

  // The docs/api.md walkthrough: a record, its filled PDF, downloaded.
  const fb = createFormbridgeClient({ baseUrl: baseURL ?? '', token });
  const record = await fb.POST('/api/v1/dynamic-tables/{id}/records', {
    params: { path: { id: tableId } },
    body: { data: { full_name: 'Grace Hopper' } },
  });
  const form = await fb.POST('/api/v1/completed-forms/{templateId}/{tableId}/{recordId}', {
    params: { path: { templateId, tableId, recordId: record.data?.id ?? '' } },
  });
  const pdf = await fb.GET('/api/v1/completed-forms/{id}/download', {
    params: { path: { id: form.data?.id ?? '' } },
    parseAs: 'arrayBuffer',
  });
  expect([record.response.status, form.response.status, pdf.response.status]).toEqual([
    201, 201, 200,
  ]);
  expect(
    Buffer.from(pdf.data ?? new ArrayBuffer(0))
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await page.reload();
  await expect(page.getByRole('row', { name: /Nightly script/ })).toContainText('from ');
  await page.getByRole('button', { name: 'Revoke Nightly script' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API token' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('No API tokens')).toBeVisible();
  const after = await fb.GET('/api/v1/dynamic-tables/');
  expect([after.response.status, after.error]).toEqual([
    401,
    { detail: 'This API token has been revoked.', code: 'token_revoked' },
  ]);
});

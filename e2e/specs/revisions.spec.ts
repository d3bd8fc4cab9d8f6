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

// Template revisions (issue 32): upload the next edition of a form on its template page, read the
// diff (IRS 8889 2022 → 2023: nine fields renamed in their boxes), then make the first revision
// current again.

const FIXTURES = path.join(import.meta.dirname, '../../apps/server/test/fixtures/revisions/pdf');
const OLD = fs.readFileSync(path.join(FIXTURES, 'us_irs_f8889_2022.pdf'));
const NEW_FILE = path.join(FIXTURES, 'us_irs_f8889_2023.pdf');

test('upload a revision, read the diff, make the first one current again', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Form 8889', OLD);
  const tableId = await createTableByApi(page, {
    name: 'Taxpayers',
    fields: [{ name: 'name', type: 'string', required: true }],
  });
  const mapped = await page.request.post('/api/v1/field-mappings/', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: {
      template_id: templateId,
      field_name: 'topmostSubform[0].Page1[0].f1_01[0]',
      mapped_table_id: tableId,
      mapped_field_key: 'name',
    },
  });
  expect(mapped.status(), await mapped.text()).toBe(201);

  await page.goto(`/templates/${templateId}`);
  const revisions = page.getByRole('list', { name: 'Template revisions' });
  await expect(
    revisions.getByTestId('revision-1').getByText('Current', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Upload a new revision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a new revision' });
  await dialog.getByLabel('PDF of the new revision').setInputFiles(NEW_FILE);
  await dialog.getByRole('button', { name: 'Upload revision' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Revision 2 is now current. 1 mapping was carried over.',
  );
  await expect(dialog.getByText('Renamed (9)')).toBeVisible();
  await expect(
    dialog.getByText('topmostSubform[0].Page1[0].f1_01[0] → topmostSubform[0].Page1[0].f1_1[0]'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(
    revisions.getByTestId('revision-2').getByText('Current', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Make revision 1 current' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make revision 1 current' });
  await confirm.getByRole('button', { name: 'Make current' }).click();
  await expect(page.getByText('Revision 1 is current again (1 mapping)')).toBeVisible();
  await expect(
    revisions.getByTestId('revision-1').getByText('Current', { exact: true }),
  ).toBeVisible();
  await expect(
    revisions.getByTestId('revision-2').getByText('Current', { exact: true }),
  ).toHaveCount(0);
});

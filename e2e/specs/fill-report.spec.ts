import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  apiToken,
  createRecordByApi,
  createTableByApi,
  registerByApi,
  signIn,
  uploadTemplateByApi,
} from './helpers.ts';

// Issue 13: a template's fill settings set on its page, and the fill report shown before the
// download: a value too long for its box continues on an addendum page, read back with poppler.

const SIMPLE_FORM = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/own/simple-form.pdf'),
);
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const LONG_NAME =
  'Maximiliana Alexandrina Theodora Wilhelmina von Hohenzollern-Sigmaringen und Liechtenstein-Habsburg-Lothringen der Jüngere';

test('a long value continues on the addendum page, with the report shown before the download', async ({
  page,
}) => {
  test.skip(!hasPdftotext, 'pdftotext is not installed; the PDF text is read back with it');
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Application', SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: 'Clients',
    fields: [{ name: 'full_name', type: 'string', required: true }],
  });
  const mapped = await page.request.post('/api/v1/field-mappings/', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: {
      template_id: templateId,
      field_name: 'applicant.full_name',
      mapped_table_id: tableId,
      mapped_field_key: 'full_name',
    },
  });
  expect(mapped.status()).toBe(201);
  await createRecordByApi(page, tableId, { full_name: LONG_NAME });

  await page.goto(`/templates/${templateId}`);
  const settings = page.getByRole('region', { name: 'Fill settings' });
  await settings.getByLabel('Continue long values on an addendum page').check();
  await settings.getByLabel(/Reference shown in the box/).fill('see annex {n}');
  await expect(settings.getByText(/box will read .see annex 3/)).toBeVisible();
  await settings.getByRole('button', { name: 'Save fill settings' }).click();
  await expect(page.getByText('Fill settings saved')).toBeVisible();

  await page.goto('/forms');
  await page.getByRole('button', { name: 'Generate New Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Completed Form' });
  await dialog.getByLabel('Template').selectOption({ label: 'Application' });
  await dialog.getByLabel('Record').selectOption({ label: LONG_NAME });
  await dialog.getByRole('button', { name: 'Generate Form' }).click();

  const summary = dialog.getByRole('region', { name: 'Fill report summary' });
  await expect(summary.getByText(/the box shows "see annex 1"/)).toBeVisible();
  await expect(summary.getByText('No problems')).toBeVisible();
  const href = (await dialog.getByRole('link', { name: 'Download' }).getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  const file = test.info().outputPath('addendum.pdf');
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  const [first = '', addendum = ''] = text.split('\f');
  expect(first).toContain('see annex 1');
  expect(addendum).toContain('Addendum');
  expect(addendum.replace(/\s+/g, ' ')).toContain(LONG_NAME);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

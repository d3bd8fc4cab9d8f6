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

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function api(page: Page, method: 'get' | 'post', url: string, data?: unknown) {
  const response = await page.request[method](url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test('an outsider updates their record through a data link; the owner sees it', async ({
  page,
  browser,
}) => {
  await signIn(page, await registerByApi(page));
  const tableId = await createTableByApi(page, {
    name: 'New starters',
    fields: [
      { name: 'full_name', type: 'string', required: true },
      { name: 'phone', type: 'string', required: true },
      { name: 'start_date', type: 'date', required: false },
      { name: 'id_document', type: 'file', required: false },
    ],
  });
  const record = await api(page, 'post', `/api/v1/dynamic-tables/${tableId}/records`, {
    data: { full_name: 'Иван Петров', phone: '000' },
  });

  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Data Links' })
    .click();
  await expect(page.getByText('No data collection links')).toBeVisible();
  await page.getByRole('button', { name: 'Create Data Link' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Data Collection Link' });
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByText('Please select a table and record')).toBeVisible();
  await dialog.getByLabel('Table').selectOption({ label: 'New starters' });
  await dialog.getByLabel('Record').selectOption({ label: 'Иван Петров' });
  await dialog.getByLabel('Custom message (optional)').fill('Welcome! Please check your details.');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(page.getByText('Data collection link created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Иван Петров' });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/public-data-form\/[A-Za-z0-9_-]{32,}$/);

  const outsider = await (await browser.newContext()).newPage();
  await outsider.goto(url);
  await expect(outsider.getByRole('heading', { name: 'New starters' })).toBeVisible();
  await expect(outsider.getByText('Welcome! Please check your details.')).toBeVisible();
  await outsider.getByLabel(/^Phone/i).fill('');
  await outsider.getByRole('button', { name: 'Submit' }).click();
  await expect(outsider.getByText('Phone is required', { exact: true })).toBeVisible();
  // Submit is never a silent no: a toast says why and the field comes into view with focus.
  await expect(outsider.getByText('Please check "Phone": Phone is required')).toBeVisible();
  await expect(outsider.getByLabel(/^Phone/i)).toBeFocused();
  await expect(outsider.getByLabel(/^Phone/i)).toBeInViewport();
  await outsider.getByLabel(/^Phone/i).fill('+44 20 7946 0958');
  await outsider.getByLabel(/^Start date/i).fill('2026-12-01');
  await outsider.getByLabel('Upload Id Document').setInputFiles({
    name: 'passport.pdf',
    mimeType: 'application/pdf',
    buffer: SIMPLE_FORM,
  });
  await expect(outsider.getByText('File uploaded successfully')).toBeVisible();
  await expect(
    outsider.getByRole('list', { name: 'Files of Id Document' }).getByText('passport.pdf'),
  ).toBeVisible();
  await outsider.getByRole('button', { name: 'Submit' }).click();
  await expect(outsider.getByRole('heading', { name: 'Information Submitted' })).toBeVisible();

  const updated = await api(
    page,
    'get',
    `/api/v1/dynamic-tables/${tableId}/records/${String(record.id)}`,
  );
  const data = updated.data as Record<string, unknown>;
  expect(data.phone).toBe('+44 20 7946 0958');
  expect(data.start_date).toBe('2026-12-01');
  expect((data.id_document as Array<{ filename: string }>).map((file) => file.filename)).toEqual([
    'passport.pdf',
  ]);

  // Deactivated, the same link is closed to the outsider.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Link deactivated successfully')).toBeVisible();
  await outsider.goto(url);
  await expect(outsider.getByRole('heading', { name: 'Error' })).toBeVisible();
});

test('an outsider fills a public document form and the owner gets a new completed form', async ({
  page,
  browser,
}) => {
  // Two browsers, a refused and an accepted submit, a revoke: the longest public journey.
  test.slow();
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Application', SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: 'Applicants',
    fields: [
      { name: 'full_name', type: 'string', required: true },
      { name: 'email', type: 'email', required: false },
      { name: 'notes', type: 'string', required: false },
    ],
  });
  for (const [field, key] of [
    ['applicant.full_name', 'full_name'],
    ['applicant.email', 'email'],
  ]) {
    await api(page, 'post', '/api/v1/field-mappings/', {
      template_id: templateId,
      field_name: field,
      mapped_table_id: tableId,
      mapped_field_key: key,
    });
  }
  const record = await api(page, 'post', `/api/v1/dynamic-tables/${tableId}/records`, {
    data: { full_name: 'Zoë Ñandú' },
  });
  await api(page, 'post', `/api/v1/completed-forms/${templateId}/${tableId}/${String(record.id)}`);

  await page.goto('/forms');
  await page
    .getByRole('article', { name: 'Zoë Ñandú' })
    .getByRole('button', { name: 'Public Link' })
    .click();
  await expect(page.getByText('Public link copied to clipboard')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/public-form\/[A-Za-z0-9_-]{32,}$/);

  const outsider = await (
    await browser.newContext({ viewport: { width: 390, height: 800 } })
  ).newPage();
  await outsider.goto(url);
  await expect(outsider.getByRole('heading', { name: 'Application' })).toBeVisible();
  await expect(outsider.getByText('Fill Out Form')).toBeVisible();
  await expect(outsider.getByRole('region', { name: 'Document' }).locator('canvas')).toBeVisible();
  const documentFields = outsider.getByRole('group', { name: 'Document Fields' });
  await expect(documentFields.getByLabel(/^Full name/i)).toHaveValue('Zoë Ñandú');
  await documentFields.getByLabel(/^Email/i).fill('not-an-email');
  // On a phone the fields sit below the document: a refused Submit scrolls up to the culprit.
  await outsider.getByRole('button', { name: 'Submit Form' }).scrollIntoViewIfNeeded();
  await outsider.getByRole('button', { name: 'Submit Form' }).click();
  await expect(outsider.getByText('Invalid email address', { exact: true })).toBeVisible();
  await expect(outsider.getByText(/^Please check ".+": Invalid email address$/)).toBeVisible();
  await expect(documentFields.getByLabel(/^Email/i)).toBeFocused();
  await expect(documentFields.getByLabel(/^Email/i)).toBeInViewport();
  await documentFields.getByLabel(/^Email/i).fill('zoe@example.com');
  await outsider
    .getByRole('group', { name: 'Additional Information' })
    .getByLabel(/^Notes/i)
    .fill('Prefers mornings');
  await outsider.getByRole('button', { name: 'Submit Form' }).click();
  await expect(
    outsider.getByRole('heading', { name: 'Form Submitted Successfully' }),
  ).toBeVisible();
  await outsider.getByRole('button', { name: 'Submit Another Response' }).click();
  await expect(outsider.getByText('Fill Out Form')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('article', { name: 'Zoë Ñandú' })).toHaveCount(2);
  const updated = await api(
    page,
    'get',
    `/api/v1/dynamic-tables/${tableId}/records/${String(record.id)}`,
  );
  expect(updated.data).toMatchObject({ email: 'zoe@example.com', notes: 'Prefers mornings' });

  // The owner revokes the link from the form's page; the outsider can no longer open it.
  await page
    .getByRole('article', { name: 'Zoë Ñandú' })
    .first()
    .getByRole('link', { name: 'View Details' })
    .click();
  const links = page.getByRole('region', { name: 'Public links' });
  await expect(links.getByText(url)).toBeVisible();
  await links.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Public link revoked')).toBeVisible();
  await expect(links).toHaveCount(0);
  await outsider.goto(url);
  await expect(outsider.getByRole('heading', { name: 'Form Not Available' })).toBeVisible();

  await outsider.goto(url.replace(/[^/]+$/, 'not-a-real-token-not-a-real-token'));
  await expect(outsider.getByRole('heading', { name: 'Form Not Available' })).toBeVisible();
});

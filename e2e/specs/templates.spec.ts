import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerByApi, signIn } from './helpers.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures');
const CORPUS_FORM = path.join(FIXTURES, 'pdf/pdf/qpdf_field-types.pdf');
const NOT_A_PDF = path.join(FIXTURES, 'own/not-a-pdf.pdf');

test.beforeEach(async ({ page }) => {
  await signIn(page, await registerByApi(page));
});

test('upload a real form, see its field count, fields and preview', async ({ page }) => {
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'PDF Templates' })
    .click();
  await expect(page.getByText('No templates found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Template' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Template' });
  await expect(dialog.getByText('PDF files only, up to 10MB')).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please provide both a name and a PDF file')).toBeVisible();

  await dialog.getByLabel('PDF file').setInputFiles(CORPUS_FORM);
  await expect(dialog.getByLabel('Template name')).toHaveValue('qpdf_field-types');
  await dialog.getByLabel('Template name').fill('Field types form');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Template uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article').filter({ hasText: 'Field types form' });
  await expect(card.getByText('11 form fields')).toBeVisible();
  await card.getByRole('link', { name: 'Field types form' }).click();

  await expect(page.getByRole('heading', { name: 'Field types form' })).toBeVisible();
  await expect(page.getByTestId('field-count')).toHaveText('11');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(12);
  await expect(page.getByRole('cell', { name: 'Dropdown' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Checkbox' }).first()).toBeVisible();
  const canvas = page.getByTestId('template-preview').locator('canvas');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width).toBeGreaterThan(150);
  await expect(page.getByTestId('template-preview').getByRole('alert')).toHaveCount(0);
});

test('a text file renamed to .pdf shows the server’s error', async ({ page }) => {
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Upload Template' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Template' });
  await dialog.getByLabel('PDF file').setInputFiles(NOT_A_PDF);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The file is not a valid PDF');
  await expect(dialog).toBeVisible();
});

test('delete asks first, then removes the template; a missing one says so', async ({ page }) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const upload = await page.request.post('/api/v1/pdf-templates/', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name: 'To delete',
      pdf_file: {
        name: 'form.pdf',
        mimeType: 'application/pdf',
        buffer: await import('node:fs').then((fs) => fs.readFileSync(CORPUS_FORM)),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  await page.goto('/templates');
  const card = page.getByRole('article').filter({ hasText: 'To delete' });
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete template' });
  await expect(
    confirm.getByText(
      'Are you sure you want to delete this template? This action cannot be undone.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Template deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto(`/templates/${id}`);
  await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
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

// Each journey signs up and uploads first; a loaded CI host needs more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function seedTemplateAndTable(page: Page) {
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'Simple form', SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: 'People',
    fields: [
      { name: 'full_name', type: 'string', required: false },
      { name: 'email', type: 'email', required: false },
    ],
  });
  return { templateId, tableId };
}

/** A label the user can read: wider than the 1 px box screen-reader-only text keeps. */
async function expectReadableLabel(input: Locator, text: string) {
  const id = await input.getAttribute('id');
  const label = input.page().locator(`label[for="${id}"]`);
  await expect(label).toHaveText(text);
  expect((await label.boundingBox())?.width ?? 0).toBeGreaterThan(20);
}

test('a table deleted elsewhere: Generate Suggestions shows the red notice and drops it', async ({
  page,
}) => {
  const { templateId, tableId } = await seedTemplateAndTable(page);
  await page.goto(`/mapping/${templateId}`);
  const selector = page.getByLabel('Data table');
  await selector.selectOption({ label: 'People' });
  const removed = await page.request.delete(`/api/v1/dynamic-tables/${tableId}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(removed.status()).toBe(204);

  await page.getByRole('button', { name: 'Generate Suggestions' }).click();
  await expect(page.getByText('Selected table not found. It may have been deleted.')).toBeVisible();
  await expect(selector.locator('option', { hasText: 'People' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate Suggestions' })).toBeDisabled();
  await expect(page.getByText('Failed to generate mapping suggestions')).toHaveCount(0);
});

test("the visual editor's groups carry the spec's names", async ({ page }) => {
  const { templateId } = await seedTemplateAndTable(page);
  await page.goto(`/mapping/${templateId}`);
  await page.getByLabel('Data table').selectOption({ label: 'People' });
  await page.locator('[data-field-box="applicant.email"]').click();
  await page.locator('#visual-mapping-editor').click();
  const menu = page.locator('.mapping-select__menu');
  await expect(menu.getByText('Primary Table Fields', { exact: true })).toBeVisible();
  await expect(menu.getByText('Universal Fields', { exact: true })).toBeAttached();
  await expect(menu.getByText('Dynamic Values', { exact: true })).toHaveCount(0);

  // The table view keeps its own names (spec §2 table view).
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Table View' }).click();
  await page.locator('tr[data-field="applicant.email"]').getByRole('combobox').click();
  await expect(menu.getByText('Table Fields', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('create-table and schema-editor rows keep visible labels once typed in', async ({
    page,
  }) => {
    const { tableId } = await seedTemplateAndTable(page);
    await page.goto('/tables');
    await page.getByRole('button', { name: 'Create New Dynamic Table' }).click();
    const create = page.getByRole('dialog');
    const name = create.getByLabel('Field 1 name');
    await name.fill('street');
    await expectReadableLabel(name, 'Name');
    await page.keyboard.press('Escape');

    await page.goto(`/tables/${tableId}`);
    await page.getByRole('button', { name: 'Edit Schema' }).click();
    const schema = page.getByRole('dialog');
    await schema.getByLabel('Field 1 label').fill('Full name');
    await expectReadableLabel(schema.getByLabel('Field 1 name'), 'Name');
    await expectReadableLabel(schema.getByLabel('Field 1 label'), 'Label');
  });
});

test('toasts wait while the window has lost focus (spec §9)', async ({ page }) => {
  const { templateId } = await seedTemplateAndTable(page);
  await page.goto(`/mapping/${templateId}`);
  await page.getByRole('button', { name: 'Table View' }).click();
  await page.getByLabel('Data table').selectOption({ label: 'People' });
  await page.getByRole('button', { name: 'Generate Suggestions' }).click();
  const toast = page.getByText('Mapping suggestions generated');
  await expect(toast).toBeVisible();
  // What the browser fires when the user switches to another window or application.
  // Once it has come in: the end of the entrance animation starts the countdown again.
  await expect(page.locator('.Toastify__toast')).not.toHaveClass(/enter/);
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForTimeout(4_500);
  await expect(toast).toBeVisible();

  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(toast).toBeHidden({ timeout: 6_000 });
});

test.describe('with the PDF on another origin', () => {
  // The app's own CSP (connect-src 'self') refuses any other origin before CORS is even asked;
  // lifted here to reach the browser's CORS check, as a deployment with a separate API host has.
  test.use({ bypassCSP: true });

  test('the visual view names a cross-origin refusal as the CORS error (spec §2)', async ({
    page,
  }) => {
    const { templateId } = await seedTemplateAndTable(page);
    // The template's file served from another origin (localhost instead of 127.0.0.1): the server
    // sends no CORS headers, so the browser refuses the read just as a misconfigured API host would.
    await page.route(`**/api/v1/pdf-templates/${templateId}`, async (route) => {
      const response = await route.fetch();
      const template = (await response.json()) as { file_path: string };
      const origin = new URL(page.url()).origin.replace('127.0.0.1', 'localhost');
      await route.fulfill({
        response,
        json: { ...template, file_path: `${origin}${template.file_path}` },
      });
    });
    await page.goto(`/mapping/${templateId}`);
    await expect(
      page.getByText('CORS error loading PDF. Please check server configuration.'),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry Loading' })).toBeVisible();
  });
});

test('the sign-in form keeps the e-mail after registering and after logout', async ({ page }) => {
  const email = `keeps-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  await page.getByRole('button', { name: /Register|Sign up|Create account/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test("the mapping screen's Generate Forms opens the dialog with template and table chosen", async ({
  page,
}) => {
  const { templateId, tableId } = await seedTemplateAndTable(page);
  const mapped = await page.request.post('/api/v1/field-mappings/', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: {
      template_id: templateId,
      field_name: 'applicant.email',
      mapped_table_id: tableId,
      mapped_field_key: 'email',
    },
  });
  expect(mapped.status()).toBe(201);
  await page.goto(`/mapping/${templateId}`);
  await expect(page.getByLabel('Data table')).toHaveValue(tableId);
  await page.getByRole('link', { name: 'Generate Forms' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/Template/)).toHaveValue(templateId);
  await expect(dialog.getByLabel(/Table/)).toHaveValue(tableId);
});

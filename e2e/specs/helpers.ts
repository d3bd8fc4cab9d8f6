import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** Registers through the API (fast path for tests that are not about registering). */
export async function registerByApi(page: Page, email = uniqueEmail()): Promise<string> {
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** Signs in through the real form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
}

/** The signed-in page's bearer token, for setting up data through the API. */
export async function apiToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token ?? '';
}

/** Uploads a PDF through the API and returns the template's id. */
export async function uploadTemplateByApi(page: Page, name: string, pdf: Buffer): Promise<string> {
  const response = await page.request.post('/api/v1/pdf-templates/', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    multipart: {
      name,
      pdf_file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Creates a dynamic table through the API and returns its id. */
export async function createTableByApi(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/v1/dynamic-tables/', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Adds a record to a table through the API and returns its id. */
export async function createRecordByApi(
  page: Page,
  tableId: string,
  data: Record<string, unknown>,
): Promise<string> {
  const response = await page.request.post(`/api/v1/dynamic-tables/${tableId}/records`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Imports CSV text into a table through the API (columns matched by field name). */
export async function importCsvByApi(page: Page, tableId: string, csv: string): Promise<number> {
  const response = await page.request.post(`/api/v1/dynamic-tables/${tableId}/import`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    multipart: { file: { name: 'data.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { imported: number }).imported;
}

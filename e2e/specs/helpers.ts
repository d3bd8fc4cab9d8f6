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

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerByApi, signIn, uploadTemplateByApi } from './helpers.ts';

const PDF = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/own/simple-form.pdf'),
);

/** Every Content-Security-Policy violation the page reports, as Chromium words it. */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

test('the app, the pdf.js worker and the API docs run under the CSP', async ({ page }) => {
  const violations = collectCspViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await signIn(page, await registerByApi(page));
  const templateId = await uploadTemplateByApi(page, 'CSP check', PDF);
  await page.goto(`/mapping/${templateId}`);
  // The page is painted by pdf.js in its worker: the canvas shows the form.
  const canvas = page.getByTestId('mapping-page').locator('canvas');
  await expect(canvas).toBeVisible();
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Formbridge API/ })).toBeVisible();
  expect(violations).toEqual([]);
});

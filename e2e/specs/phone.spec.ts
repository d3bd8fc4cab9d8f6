import { expect, test, type Page } from '@playwright/test';
import { apiToken, registerByApi, signIn } from './helpers.ts';

// Issue 34, phone: at 390 px the visual mapper (the phone's default view) keeps the page as wide
// as the screen while boxes are tapped, and what a finger taps is at least 32 px high.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const PHONE_WIDTH = 390;

/** The page's width, and what sticks out past the phone's width (named in a failure). */
async function pageWidth(page: Page) {
  return page.evaluate((phone) => {
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > phone + 1)
      .filter((el) => !el.parentElement?.closest('.overflow-auto, .overflow-x-auto'))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100));
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: phone, wide };
  }, PHONE_WIDTH);
}

test('tapping field boxes in the visual mapper never widens the page', async ({ page }) => {
  test.slow();
  await signIn(page, await registerByApi(page));
  const made = await page.request.post('/api/v1/onboarding/sample', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(made.status()).toBe(201);
  const { template } = (await made.json()) as { template: { id: string } };
  await page.goto(`/mapping/${template.id}`);
  // The long sample name wraps: all of it readable, nothing clipped.
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(/Injury and Illness Incident Report \(sample\)$/);
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const boxes = page.locator('[data-field-box]');
  await expect(boxes.first()).toBeVisible({ timeout: 20_000 });
  const names = ['301 Full name', '301 Address City', '301 DOB', '301 Gender', '301 Completed by'];
  for (const name of names) {
    await page.locator(`[data-field-box="${name}"]`).first().tap();
    const editor = page.getByRole('region', { name: 'Selected field' });
    await expect(editor).toBeVisible();
    const { scrollWidth, innerWidth, wide } = await pageWidth(page);
    expect(scrollWidth, `after tapping ${name}: ${wide.join(' | ')}`).toBeLessThanOrEqual(
      innerWidth,
    );
    const close = editor.getByRole('button', { name: 'Close' });
    expect((await close.boundingBox())?.height ?? 0, 'Close').toBeGreaterThanOrEqual(32);
    await close.tap();
  }
  // The side panel's controls are big enough for a finger.
  for (const control of await page
    .getByRole('main')
    .getByRole('button', { name: /^(Not mapped|Remove)/ })
    .all()) {
    if (await control.isVisible()) {
      const box = await control.boundingBox();
      expect(box?.height ?? 0, await control.innerText()).toBeGreaterThanOrEqual(32);
    }
  }
});

test('/invitations fits a phone', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  await page.goto('/invitations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerByApi, signIn } from './helpers.ts';
import { NO_SPACES, seedEveryRoute, VIEWPORTS, WITH_SPACES } from './seed-every-route.ts';

/** The page is no wider than the window, and each action is on screen horizontally. */
async function expectFits(page: Page, label: string, actions: Locator[]) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // What sticks out, named in the failure, so a regression says where it is.
  const culprits =
    scrollWidth > innerWidth
      ? await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('main *, body > div *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .filter((el) => !el.parentElement?.closest('[data-overflow-ok]'))
            .slice(0, 4)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
        )
      : [];
  expect
    .soft(scrollWidth, `${label}: page width; wide: ${culprits.join(' | ')}`)
    .toBeLessThanOrEqual(innerWidth);
  for (const action of actions) {
    // The usual expect timeout, not a short one: a busy machine renders late, not wrongly.
    await expect.soft(action, `${label}: ${action.toString()}`).toBeVisible();
    // Only a visible action has a box to measure; a missing one is reported just above.
    const box = (await action.isVisible()) ? await action.boundingBox() : null;
    if (box) {
      expect.soft(box.x, `${label}: ${action.toString()} left edge`).toBeGreaterThanOrEqual(0);
      expect
        .soft(box.x + box.width, `${label}: ${action.toString()} right edge`)
        .toBeLessThanOrEqual(innerWidth + 0.5);
    }
  }
}

test('every route fits a phone and a laptop with 60-character names', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, await registerByApi(page));
  const ids = await seedEveryRoute(page);
  const main = page.getByRole('main');
  const card = (name: string) => main.getByRole('article').filter({ hasText: name }).first();
  const routes: Array<{ path: string; ready: Locator; actions: () => Locator[] }> = [
    {
      path: '/',
      ready: page.getByRole('heading', { name: 'Welcome back' }),
      actions: () => [main.getByRole('link', { name: 'Upload PDF Template' })],
    },
    {
      path: '/templates',
      ready: card(NO_SPACES),
      actions: () => [
        main.getByRole('button', { name: 'Upload Template' }).first(),
        card(NO_SPACES).getByRole('button', { name: 'Delete' }),
        card(WITH_SPACES).getByRole('button', { name: 'Delete' }),
        card(WITH_SPACES).getByText(/form fields?/),
      ],
    },
    {
      path: `/templates/${ids.templateId}`,
      ready: main.getByRole('heading', { name: NO_SPACES }),
      actions: () => [
        main.getByRole('link', { name: 'Edit Mappings' }),
        main.getByRole('button', { name: /^Remove mapping of/ }).first(),
      ],
    },
    {
      path: `/mapping/${ids.templateId}`,
      ready: main.getByRole('heading', { name: NO_SPACES }),
      actions: () => [main.getByRole('button', { name: /Table View|Visual/ }).first()],
    },
    {
      path: '/tables',
      ready: card(NO_SPACES),
      actions: () => [
        main.getByRole('button', { name: 'Create New Dynamic Table' }),
        card(NO_SPACES).getByRole('button', { name: 'Delete' }),
        card(WITH_SPACES).getByRole('button', { name: 'Delete' }),
      ],
    },
    {
      path: `/tables/${ids.tableId}`,
      ready: main.getByRole('heading', { name: NO_SPACES }),
      actions: () => [
        main.getByRole('button', { name: 'Add Record' }),
        main.getByRole('button', { name: 'Edit Schema' }),
      ],
    },
    {
      path: '/forms',
      ready: main.getByRole('article').first(),
      actions: () => [
        main.getByRole('button', { name: 'Generate New Form' }),
        main.getByRole('article').first().getByRole('button', { name: 'Delete' }),
      ],
    },
    {
      path: `/forms/${ids.formId}`,
      ready: main.getByRole('heading', { level: 1 }),
      actions: () => [main.getByRole('button', { name: 'Delete' })],
    },
    {
      path: '/data-links',
      ready: main.getByRole('table'),
      actions: () => [main.getByRole('button', { name: 'Create Data Link' })],
    },
    {
      path: '/invitations',
      ready: main.getByRole('heading', { name: 'Invitations', exact: true }),
      actions: () => [main.getByRole('button', { name: 'Send invitation' })],
    },
    {
      path: '/trash',
      ready: main.getByRole('list', { name: 'Deleted items' }),
      actions: () => [
        main.getByRole('button', { name: `Restore ${NO_SPACES}` }),
        main.getByRole('button', { name: `Delete forever ${NO_SPACES}` }),
        main.getByRole('button', { name: 'Empty trash' }),
      ],
    },
    {
      path: `/public-form/${ids.publicFormToken}`,
      ready: page.getByRole('heading', { name: NO_SPACES }),
      actions: () => [page.getByRole('button', { name: 'Submit Form' })],
    },
    {
      path: `/public-data-form/${ids.dataLinkToken}`,
      ready: page.getByRole('button', { name: /Submit/ }),
      actions: () => [page.getByRole('button', { name: /Submit/ })],
    },
  ];
  // Comment annotations in previews draw pdf.js's icons: they are images, not the app's HTML.
  const icon = await page.request.get('/pdfjs/images/annotation-note.svg');
  expect(icon.headers()['content-type']).toContain('image/svg+xml');

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const route of routes) {
      await page.goto(route.path);
      await expect(route.ready).toBeVisible();
      await expectFits(page, `${route.path} at ${viewport.width}px`, route.actions());
    }
  }
});

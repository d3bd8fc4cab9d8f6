import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerByApi, signIn } from './helpers.ts';
import { NO_SPACES, seedEveryRoute, VIEWPORTS } from './seed-every-route.ts';

// Issue 34: axe-core on every route, on a laptop and a phone; any critical or serious violation
// fails, named with the elements it was found on.

// axe is injected as a script tag, which the app's Content Security Policy rightly refuses.
test.use({ bypassCSP: true });

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
};

/** The critical and serious violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return result.violations;
  });
  return violations
    .filter((one) => one.impact === 'critical' || one.impact === 'serious')
    .map(
      (one) =>
        `${one.impact} ${one.id} (${one.help}): ` +
        one.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | '),
    );
}

test('no critical or serious axe violation on any route, laptop and phone', async ({ page }) => {
  test.setTimeout(240_000);
  const email = await registerByApi(page);
  await signIn(page, email);
  const ids = await seedEveryRoute(page);
  const main = page.getByRole('main');
  const signedIn: Array<{ path: string; ready: Locator }> = [
    { path: '/', ready: page.getByRole('heading', { name: 'Welcome back' }) },
    { path: '/templates', ready: main.getByRole('article').first() },
    { path: `/templates/${ids.templateId}`, ready: main.getByRole('heading', { name: NO_SPACES }) },
    { path: `/templates/${ids.templateId}/fields`, ready: main.locator('canvas').first() },
    { path: `/mapping/${ids.templateId}`, ready: main.getByRole('heading', { name: NO_SPACES }) },
    { path: '/tables', ready: main.getByRole('article').first() },
    { path: `/tables/${ids.tableId}`, ready: main.getByRole('heading', { name: NO_SPACES }) },
    { path: '/forms', ready: main.getByRole('article').first() },
    { path: `/forms/${ids.formId}`, ready: main.locator('canvas').first() },
    { path: '/jobs', ready: main.getByRole('heading', { level: 1 }) },
    { path: '/data-links', ready: main.getByRole('table') },
    {
      path: '/invitations',
      ready: main.getByRole('heading', { name: 'Invitations', exact: true }),
    },
    { path: '/account', ready: main.getByRole('heading', { level: 1 }) },
    // The seed's writes are in the log, so the page shows events, not its empty state.
    { path: '/activity', ready: main.getByRole('heading', { name: 'Activity' }) },
    { path: '/trash', ready: main.getByRole('list', { name: 'Deleted items' }) },
    { path: '/workspace/members', ready: main.getByRole('table') },
    {
      path: '/workspace/tokens',
      ready: main.getByRole('heading', { name: 'API tokens', exact: true }),
    },
    {
      path: '/workspace/webhooks',
      ready: main.getByRole('heading', { name: 'Webhooks', exact: true }),
    },
    {
      path: `/public-form/${ids.publicFormToken}`,
      ready: page.getByRole('button', { name: 'Submit Form' }),
    },
    {
      path: `/public-data-form/${ids.dataLinkToken}`,
      ready: page.getByRole('button', { name: /Submit/ }),
    },
  ];
  const signedOut: Array<{ path: string; ready: Locator }> = [
    { path: '/login', ready: page.getByRole('button', { name: 'Sign in' }) },
    { path: '/register', ready: page.getByRole('button', { name: /Create account|Sign up/ }) },
    { path: '/forgot-password', ready: page.getByRole('button', { name: /Send|Reset/ }) },
  ];

  const found: string[] = [];
  const visit = async (routes: typeof signedIn) => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        await page.goto(route.path);
        await expect(route.ready).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        for (const line of await seriousViolations(page)) {
          found.push(`${route.path} at ${viewport.width}px: ${line}`);
        }
      }
    }
  };
  await visit(signedIn);
  await page.evaluate(() => localStorage.clear());
  await visit(signedOut);
  expect(found, found.join('\n')).toEqual([]);
});

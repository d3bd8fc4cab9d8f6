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
// 60+ characters each: one unbreakable, one a long sentence (what the upload dialog fills in
// from a long file name).
const NO_SPACES = 'Quarterly_Employee_Benefits_Enrollment_Application_Form_2026_v12';
const WITH_SPACES = 'Quarterly Employee Benefits Enrollment Application Form for Contractors';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

async function api(page: Page, method: 'post' | 'get', url: string, data?: unknown) {
  const response = await page.request[method](url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Everything a route shows, with long names in every place a name appears. */
async function seed(page: Page) {
  const templateId = await uploadTemplateByApi(page, NO_SPACES, SIMPLE_FORM);
  await uploadTemplateByApi(page, WITH_SPACES, SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: NO_SPACES,
    fields: [
      {
        name: 'full_name_of_the_applicant_as_printed_on_the_passport',
        type: 'string',
        required: true,
      },
      { name: 'email', type: 'email', required: false },
      { name: 'agrees', type: 'boolean', required: false },
    ],
  });
  await createTableByApi(page, {
    name: WITH_SPACES,
    fields: [{ name: 'title', type: 'string', required: false }],
  });
  for (const [field, key] of [
    ['applicant.full_name', 'full_name_of_the_applicant_as_printed_on_the_passport'],
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
    data: {
      full_name_of_the_applicant_as_printed_on_the_passport: NO_SPACES,
      email: 'a.very.long.address.for.testing.layouts@example-company-domain.com',
      agrees: true,
    },
  });
  const recordId = String(record.id);
  const form = await api(
    page,
    'post',
    `/api/v1/completed-forms/${templateId}/${tableId}/${recordId}`,
  );
  const publicForm = await api(
    page,
    'post',
    `/api/v1/completed-forms/public-link/${templateId}/${recordId}`,
  );
  const dataLink = await api(page, 'post', `/api/v1/public-data-links/${tableId}/${recordId}`, {
    is_active: true,
    custom_message: WITH_SPACES,
  });
  return {
    templateId,
    tableId,
    formId: String(form.id),
    publicFormToken: String(publicForm.token),
    dataLinkToken: String(dataLink.token),
  };
}

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
  const ids = await seed(page);
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

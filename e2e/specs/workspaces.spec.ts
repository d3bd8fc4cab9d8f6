import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, registerByApi, signIn, uniqueEmail } from './helpers.ts';

// Issue 31: an Owner shares a workspace with an Editor and a Viewer; each sees what their role
// may do, and the server agrees.

const SIMPLE_FORM = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/own/simple-form.pdf'),
);

/** The workspace the page acts in, as the switcher stored it. */
async function currentWorkspaceId(page: Page): Promise<string> {
  const id = await page.evaluate((): string | null => {
    const key = Object.keys(localStorage).find((each) => each.startsWith('workspace:'));
    return key ? localStorage.getItem(key) : null;
  });
  expect(id).toBeTruthy();
  return id ?? '';
}

async function post(page: Page, workspaceId: string, url: string, data: unknown) {
  const response = await page.request.post(url, {
    headers: { authorization: `Bearer ${await apiToken(page)}`, 'X-Workspace-Id': workspaceId },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A template mapped to a Clients table, made in the workspace through the API. */
async function seedMappedTemplate(page: Page, workspaceId: string): Promise<string> {
  const upload = await page.request.post('/api/v1/pdf-templates/', {
    headers: { authorization: `Bearer ${await apiToken(page)}`, 'X-Workspace-Id': workspaceId },
    multipart: {
      name: 'Application',
      pdf_file: { name: 'Application.pdf', mimeType: 'application/pdf', buffer: SIMPLE_FORM },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const templateId = ((await upload.json()) as { id: string }).id;
  const table = await post(page, workspaceId, '/api/v1/dynamic-tables/', {
    name: 'Clients',
    fields: [
      { name: 'full_name', type: 'string', required: true },
      { name: 'email', type: 'email', required: false },
    ],
  });
  for (const [field, key] of [
    ['applicant.full_name', 'full_name'],
    ['applicant.email', 'email'],
  ]) {
    await post(page, workspaceId, '/api/v1/field-mappings/', {
      template_id: templateId,
      field_name: field,
      mapped_table_id: table.id,
      mapped_field_key: key,
    });
  }
  return table.id;
}

/** Signs a member in on their own browser and switches to the shared workspace. */
async function memberPage(browser: Browser, email: string, workspace: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await page
    .getByRole('list', { name: 'Workspaces' })
    .getByRole('button', { name: workspace })
    .click();
  await expect(page.getByRole('button', { name: `Workspace: ${workspace}` })).toBeVisible();
  return page;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

test('an Owner shares a workspace; the Editor works in it, the Viewer only reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerByApi(page, uniqueEmail('owner'));
  const editor = await registerByApi(page, uniqueEmail('editor'));
  const viewer = await registerByApi(page, uniqueEmail('viewer'));
  const office = `Acme Office ${Date.now()}`;

  // The Owner makes a workspace from the switcher and lands in it.
  await signIn(page, owner);
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await page.getByRole('button', { name: 'Create workspace' }).click();
  const create = page.getByRole('dialog', { name: 'Create workspace' });
  await create.getByLabel('Workspace name').fill(office);
  await create.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('button', { name: `Workspace: ${office}` })).toBeVisible();
  const workspaceId = await currentWorkspaceId(page);
  const tableId = await seedMappedTemplate(page, workspaceId);

  // Both colleagues have accounts: they are added at once, with their roles.
  await sidebar(page).getByRole('link', { name: 'Members' }).click();
  for (const [email, role] of [
    [editor, 'Editor'],
    [viewer, 'Viewer'],
  ] as const) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
    await page.getByRole('button', { name: 'Add member' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByLabel(`Role of ${email}`)).toHaveValue(role.toLowerCase());
  }
  // An address without an account is invited by e-mail instead.
  const newcomer = uniqueEmail('newcomer');
  await page.getByLabel('Email').fill(newcomer);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent to' })).toHaveText(
    `Invitation sent to ${newcomer}`,
  );
  await expect(page.getByRole('row').filter({ hasText: newcomer })).toHaveCount(0);
  // It waits under the members as a pending invitation; withdrawing it asks first.
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem', { name: `Invitation to ${newcomer}` })).toBeVisible();
  await pending.getByRole('button', { name: `Withdraw the invitation to ${newcomer}` }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw invitation' });
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(pending).toHaveCount(0);

  // The Editor adds a record and generates its form; member management is not theirs.
  const editorPage = await memberPage(browser, editor, office);
  await expect(sidebar(editorPage).getByRole('link', { name: 'Members' })).toHaveCount(0);
  await editorPage.goto(`/tables/${tableId}`);
  await editorPage.getByRole('button', { name: 'Add Record' }).first().click();
  const record = editorPage.getByRole('dialog', { name: 'Add New Record' });
  await record.getByLabel('full_name').fill('Ada Lovelace');
  await record.getByLabel('email').fill('ada@example.com');
  await record.getByRole('button', { name: 'Save Record' }).click();
  await expect(editorPage.getByText('Record added successfully').last()).toBeVisible();
  await editorPage.goto('/forms');
  await editorPage.getByRole('button', { name: 'Generate New Form' }).click();
  const generate = editorPage.getByRole('dialog', { name: 'Generate Completed Form' });
  await generate.getByLabel('Template').selectOption({ label: 'Application' });
  await expect(generate.getByLabel('Table')).toHaveValue(/.+/);
  await generate.getByLabel('Record').selectOption({ label: 'Ada Lovelace' });
  await generate.getByRole('button', { name: 'Generate Form' }).click();
  await expect(editorPage.getByText('Form generated successfully')).toBeVisible();

  // The Viewer downloads the form but sees no control that would change anything.
  const viewerPage = await memberPage(browser, viewer, office);
  await expect(sidebar(viewerPage).getByRole('link', { name: 'Members' })).toHaveCount(0);
  await viewerPage.goto('/forms');
  const card = viewerPage.getByRole('article', { name: 'Ada Lovelace' });
  const download = card.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible();
  const pdf = await viewerPage.request.get((await download.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Generate New Form' })).toHaveCount(0);
  await viewerPage.goto(`/tables/${tableId}`);
  await expect(viewerPage.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  for (const name of ['Add Record', 'Edit Schema', 'Delete', 'Import CSV/Excel', 'Edit Record']) {
    await expect(viewerPage.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  // The server refuses the Viewer too, naming the role needed.
  const refused = await viewerPage.request.post(`/api/v1/dynamic-tables/${tableId}/records`, {
    headers: {
      authorization: `Bearer ${await apiToken(viewerPage)}`,
      'X-Workspace-Id': workspaceId,
    },
    data: { data: { full_name: 'Mallory' } },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe(
    'This needs an Editor of this workspace; your role is Viewer.',
  );

  // The Owner sees the Editor's work in Activity: the record with its values, then the form.
  await sidebar(page).getByRole('link', { name: 'Activity' }).click();
  const events = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  const recordEvent = events.filter({ hasText: 'Record created' });
  await expect(recordEvent).toHaveCount(1);
  await expect(recordEvent).toContainText(editor);
  const nameChange = recordEvent.getByRole('definition').filter({ hasText: 'Ada Lovelace' });
  await expect(nameChange).toHaveText('empty→Ada Lovelace');
  const formEvent = events.filter({ hasText: 'Completed form generated' });
  await expect(formEvent).toHaveCount(1);
  await expect(formEvent).toContainText(editor);
});

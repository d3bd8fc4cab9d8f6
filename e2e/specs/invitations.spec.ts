import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink.ts';
import { CLOSED_ADMIN, CLOSED_PORT, CLOSED_SMTP_PORT } from '../ports.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';

// The closed server (ALLOW_SIGNUP=false) sends its mail to this SMTP server. One file, run in
// order: every test here shares that SMTP port.
test.describe.configure({ mode: 'serial' });
const closed = `http://127.0.0.1:${CLOSED_PORT}`;
let sink: SmtpSink;

test.beforeAll(async () => {
  sink = await startSmtpSink({ port: CLOSED_SMTP_PORT });
});
test.afterAll(async () => {
  await sink.close();
});

test('on a closed server, an invited colleague signs up with the e-mailed link, once', async ({
  page,
  browser,
}) => {
  const colleague = uniqueEmail('colleague');
  await page.goto(`${closed}/login`);
  await expect(page.getByText('Accounts on this server are by invitation.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await page.getByLabel('Email').fill(CLOSED_ADMIN.email);
  await page.getByLabel('Password').fill(CLOSED_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await page.getByRole('link', { name: 'Invitations' }).click();
  await page.getByLabel("Colleague's email").fill(colleague);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: colleague });
  await expect(row.getByText('Pending')).toBeVisible();

  const [mail] = await sink.waitForMessages(1, 10_000);
  expect(mail?.to).toMatchObject({ text: colleague });
  const link = /http:\/\/\S+\/register\?invite=[\w-]+/.exec(mail?.text ?? '')?.[0];
  expect(link, mail?.text).toBeDefined();

  // The colleague opens the link in their own browser.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(link ?? '');
  await expect(guestPage.getByText('You were invited to join.')).toBeVisible();
  await expect(guestPage.getByLabel('Email')).toHaveValue(colleague);
  await guestPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guestPage.getByLabel('Confirm password').fill(PASSWORD);
  await guestPage.getByRole('button', { name: 'Create account' }).click();
  await expect(guestPage.getByText('Registration successful! Please login.')).toBeVisible();
  await guestPage.getByLabel('Email').fill(colleague);
  await guestPage.getByLabel('Password').fill(PASSWORD);
  await guestPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(guestPage.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // The link is used up; the sender sees the colleague joined.
  await guestPage.getByRole('button', { name: 'Logout' }).click();
  await guestPage.goto(link ?? '');
  await expect(guestPage.getByRole('main').getByRole('alert')).toHaveText(
    'This invitation link is invalid, has expired or has already been used.',
  );
  await guest.close();
  await page.reload();
  await expect(row.getByText('Accepted')).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
});

/** A link of the newest message to `to` that matches `pattern`. */
async function linkIn(to: string, pattern: RegExp, count: number): Promise<string> {
  const messages = await sink.waitForMessages(count, 10_000);
  const mail = messages.filter((message) => message.to && JSON.stringify(message.to).includes(to));
  const link = pattern.exec(mail.at(-1)?.text ?? '')?.[0];
  expect(link, mail.at(-1)?.text).toBeDefined();
  return link ?? '';
}

async function signInAt(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${closed}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
}

test('an office runs its accounts: password change, disable, forgotten password, sign out everywhere', async ({
  page,
  browser,
}) => {
  test.slow();
  // The admin invites a colleague, who joins with the link (set up through the API).
  await signInAt(page, CLOSED_ADMIN.email, CLOSED_ADMIN.password);
  const adminToken = await page.evaluate(() => localStorage.getItem('token'));
  const colleague = uniqueEmail('staff');
  const before = sink.messages.length;
  const invited = await page.request.post(`${closed}/api/v1/invitations/`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email: colleague },
  });
  expect(invited.status()).toBe(201);
  const invite = await linkIn(colleague, /\/register\?invite=([\w-]+)/, before + 1);
  const inviteToken = invite.split('invite=')[1];
  const joined = await page.request.post(`${closed}/api/v1/auth/signup`, {
    data: { email: colleague, password: PASSWORD, invite_token: inviteToken },
  });
  expect(joined.status()).toBe(201);

  // The colleague changes their password on the Account page.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAt(staff, colleague, PASSWORD);
  await staff.getByRole('link', { name: 'Account' }).click();
  await staff.getByLabel('Current password').fill(PASSWORD);
  await staff.getByLabel('New password', { exact: true }).fill('second password 22');
  await staff.getByLabel('Confirm new password').fill('second password 22');
  await staff.getByRole('button', { name: 'Change password' }).click();
  await expect(
    staff.getByText('Password changed. Other devices have been signed out.'),
  ).toBeVisible();

  // The admin disables the account: the colleague's open session stops working at once.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Disable ${colleague}` }).click();
  await expect(page.getByRole('button', { name: `Enable ${colleague}` })).toBeVisible();
  await staff.getByRole('link', { name: 'Templates' }).click();
  await expect(staff).toHaveURL(/\/login/);
  await page.getByRole('button', { name: `Enable ${colleague}` }).click();
  await expect(page.getByRole('button', { name: `Disable ${colleague}` })).toBeVisible();

  // Forgotten password: a single-use link by e-mail, then sign in with the new one.
  await staff.goto(`${closed}/login`);
  await staff.getByRole('link', { name: 'Forgot your password?' }).click();
  await staff.getByLabel('Email').fill(colleague);
  const beforeReset = sink.messages.length;
  await staff.getByRole('button', { name: 'Send reset link' }).click();
  await expect(staff.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const reset = await linkIn(
    colleague,
    /http:\/\/\S+\/reset-password\?token=[\w-]+/,
    beforeReset + 1,
  );
  await staff.goto(reset);
  await staff.getByLabel('New password', { exact: true }).fill('third password 333');
  await staff.getByLabel('Confirm new password').fill('third password 333');
  await staff.getByRole('button', { name: 'Set new password' }).click();
  await expect(staff.getByText('Password changed. Sign in with your new password.')).toBeVisible();
  await expect(staff.getByLabel('Email')).toHaveValue(colleague);
  await staff.getByLabel('Password').fill('third password 333');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // Signed in on a second device too; "Sign out everywhere" on the first ends both.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAt(other, colleague, 'third password 333');
  await staff.getByRole('link', { name: 'Account' }).click();
  await staff.getByRole('button', { name: 'Sign out everywhere' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(staff).toHaveURL(/\/login/);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await staffContext.close();
  await otherContext.close();
});

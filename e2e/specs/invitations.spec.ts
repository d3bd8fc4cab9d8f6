import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink.ts';
import { CLOSED_ADMIN, CLOSED_PORT, CLOSED_SMTP_PORT } from '../ports.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';

// The closed server (ALLOW_SIGNUP=false) sends its mail to this SMTP server.
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

import { expect, test } from '@playwright/test';
import { PASSWORD, registerByApi, signIn, uniqueEmail } from './helpers.ts';

test('register, sign in, see the dashboard, log out', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/register');
  await expect(
    page.getByText('Intelligent PDF Form Field Mapping and Data Integration'),
  ).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Formbridge`)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Registration successful! Please login.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload PDF Template' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message in a banner', async ({ page }) => {
  const email = await registerByApi(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-in and register forms show the validation messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('something else');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
});

test('registering an e-mail twice shows the server message', async ({ page }) => {
  const email = await registerByApi(page);
  await page.goto('/register');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Email already registered' }),
  ).toBeVisible();
});

test('protected routes redirect to /login, unknown routes to /', async ({ page }) => {
  await page.goto('/templates');
  await expect(page).toHaveURL(/\/login$/);
  const email = await registerByApi(page);
  await signIn(page, email);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('an expired token is a silent logout with a toast', async ({ page }) => {
  await page.goto('/login');
  const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: 'x', exp: 1 })).toString('base64url');
  await page.evaluate((token) => localStorage.setItem('token', token), `${header}.${payload}.sig`);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();
});

test('a token the server refuses sends the user to /login', async ({ page }) => {
  await page.goto('/login');
  const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: 'x', exp: 4102444800 })).toString('base64url');
  await page.evaluate(
    (token) => localStorage.setItem('token', token),
    `${header}.${payload}.forged`,
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 780 } });

  test('the sidebar slides in from the menu button and closes on the backdrop', async ({
    page,
  }) => {
    const email = await registerByApi(page);
    await signIn(page, email);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.getByText(email)).toBeVisible();
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 370, y: 400 } });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(sidebar).not.toBeInViewport();
  });
});

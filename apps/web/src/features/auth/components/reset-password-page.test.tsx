import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(status === 202 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('password reset pages', () => {
  it('asks for a link and says the same whether or not the address has an account', async () => {
    const fetchMock = answer(202, null);
    renderAt('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your e-mail')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/password-reset');
    expect(init?.body).toBe(JSON.stringify({ email: 'someone@example.com' }));
  });

  it('sets the new password with the token from the link, then goes to sign-in', async () => {
    const fetchMock = answer(200, { email: 'someone@example.com' });
    const router = renderAt('/reset-password?token=abc123');
    await userEvent.type(screen.getByLabelText('New password'), 'a new password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a different one');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ email: 'someone@example.com' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(
      JSON.stringify({ token: 'abc123', password: 'a new password' }),
    );
  });

  it("shows the server's refusal of a used or expired link", async () => {
    answer(400, {
      detail: 'This password reset link is invalid, has expired or has already been used.',
      code: 'reset_invalid',
    });
    renderAt('/reset-password?token=used');
    await userEvent.type(screen.getByLabelText('New password'), 'a new password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/has already been used/)).toBeTruthy();
  });
});

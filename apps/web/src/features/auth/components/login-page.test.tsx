import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { LoginPage } from './login-page';

function renderLogin(login: AuthState['login']) {
  const auth: AuthState = {
    user: null,
    isLoading: false,
    isAuthenticated: false,
    error: null,
    login,
    register: vi.fn(),
    logout: vi.fn(),
    logoutEverywhere: vi.fn(),
  };
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Dashboard here</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('LoginPage', () => {
  it('shows the spec messages and does not call the server for invalid input', async () => {
    const login = vi.fn();
    renderLogin(login);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it("reads 'Signing in...' while submitting and shows the refusal in a banner", async () => {
    let finish: (value: { ok: false; message: string }) => void = () => {};
    const login = vi.fn(
      () => new Promise<{ ok: false; message: string }>((resolve) => (finish = resolve)),
    );
    renderLogin(login);
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish({ ok: false, message: 'Incorrect email or password' });
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
  });

  it('goes to the dashboard on success', async () => {
    const router = renderLogin(vi.fn(async () => ({ ok: true as const })));
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Dashboard here')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers Register only when the server allows sign-up', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ allow_signup: false }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderLogin(vi.fn());
    expect(await screen.findByText('Accounts on this server are by invitation.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/settings', expect.anything());
  });
});

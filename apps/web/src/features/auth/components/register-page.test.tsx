import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { RegisterPage } from './register-page';

function renderRegister(register: AuthState['register'], url: string) {
  const auth: AuthState = {
    user: null,
    isLoading: false,
    isAuthenticated: false,
    error: null,
    login: vi.fn(),
    register,
    logout: vi.fn(),
    logoutEverywhere: vi.fn(),
  };
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <p>Sign in here</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RegisterPage with an invitation link', () => {
  it('fills in the invited address, locks it and signs up with the token', async () => {
    const fetchMock = answer(200, {
      email: 'carol@example.com',
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    const register = vi.fn(async () => ({ ok: true as const }));
    const router = renderRegister(register, '/register?invite=tok-123');

    expect(await screen.findByText('carol@example.com')).toBeTruthy();
    // The field takes the address in an effect after the render that shows it: wait for the
    // field itself (a busy machine ran the assertion in between).
    const email = await screen.findByDisplayValue<HTMLInputElement>('carol@example.com');
    expect(email).toBe(screen.getByLabelText('Email'));
    expect(email.readOnly).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/invitations/check');
    expect(init?.body).toBe(JSON.stringify({ token: 'tok-123' }));

    await userEvent.type(screen.getByLabelText('Password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Sign in here')).toBeTruthy();
    expect(register).toHaveBeenCalledWith('carol@example.com', 'password123', 'tok-123');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says so when the link is used up or expired', async () => {
    answer(404, {
      detail: 'This invitation link is invalid, has expired or has already been used.',
      code: 'invitation_invalid',
    });
    renderRegister(vi.fn(), '/register?invite=old');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link is invalid, has expired or has already been used.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(false);
  });

  it('registers without a token when opened plainly', async () => {
    const fetchMock = answer(200, {});
    const register = vi.fn(async () => ({ ok: true as const }));
    renderRegister(register, '/register');
    await userEvent.type(screen.getByLabelText('Email'), 'dan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Sign in here')).toBeTruthy();
    expect(register).toHaveBeenCalledWith('dan@example.com', 'password123', undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@formbridge/contract/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { AdminUsersPage } from './admin-users-page';

const ADMIN: AdminUser = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'boss@example.com',
  is_admin: true,
  disabled: false,
  can_invite: true,
  created_at: '2026-11-25T10:00:00.000Z',
};
const CLERK: AdminUser = {
  ...ADMIN,
  id: '22222222-2222-4222-8222-222222222222',
  email: 'clerk@example.com',
  is_admin: false,
  can_invite: false,
};

function json(status: number, body: unknown) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

// A fake of the admin API that applies PATCH and DELETE to its list.
function renderPage() {
  let users = [ADMIN, CLERK];
  const calls: Array<{ call: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ call: `${method} ${url}`, body });
      if (method === 'GET') {
        return json(200, { users });
      }
      const id = url.split('/').at(-1);
      if (method === 'DELETE') {
        users = users.filter((user) => user.id !== id);
        return json(204, null);
      }
      users = users.map((user) => (user.id === id ? { ...user, ...(body as object) } : user));
      return json(
        200,
        users.find((user) => user.id === id),
      );
    }),
  );
  const auth = { user: { id: ADMIN.id, email: ADMIN.email, is_admin: true } } as AuthState;
  render(
    <AuthContext.Provider value={auth}>
      <QueryClientProvider client={new QueryClient()}>
        <AdminUsersPage />
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminUsersPage', () => {
  it('disables, allows inviting and deletes another account; never the admin’s own', async () => {
    const calls = renderPage();
    const clerkRow = (await screen.findByText('clerk@example.com')).closest('tr')!;
    const adminRow = screen.getByText('boss@example.com').closest('tr')!;
    expect(within(adminRow).queryByRole('button', { name: /Disable|Delete/ })).toBeNull();
    expect(within(adminRow).getByText('You')).toBeTruthy();

    await userEvent.click(
      within(clerkRow).getByRole('button', { name: 'Disable clerk@example.com' }),
    );
    expect(calls).toContainEqual({
      call: `PATCH /api/v1/admin/users/${CLERK.id}`,
      body: { disabled: true },
    });
    expect(await within(clerkRow).findByText('Disabled')).toBeTruthy();

    await userEvent.click(within(clerkRow).getByLabelText('clerk@example.com may invite'));
    expect(calls).toContainEqual({
      call: `PATCH /api/v1/admin/users/${CLERK.id}`,
      body: { can_invite: true },
    });

    await userEvent.click(
      within(clerkRow).getByRole('button', { name: 'Delete clerk@example.com' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.map(({ call }) => call)).toContain(`DELETE /api/v1/admin/users/${CLERK.id}`);
    await vi.waitFor(() => expect(screen.queryByText('clerk@example.com')).toBeNull());
  });
});

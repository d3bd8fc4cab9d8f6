import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitation } from '@formbridge/contract/invitations';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvitationsPage } from './invitations-page';

const PENDING: Invitation = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'carol@example.com',
  status: 'pending',
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-12-02T10:00:00.000Z',
  accepted_at: null,
};
const ACCEPTED: Invitation = {
  ...PENDING,
  id: '22222222-2222-4222-8222-222222222222',
  email: 'dan@example.com',
  status: 'accepted',
  accepted_at: '2026-11-25T11:00:00.000Z',
};

function json(status: number, body: unknown) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

// A small fake of the invitations API: the list, sending (refused for one address) and revoking.
function renderPage() {
  let list = [PENDING, ACCEPTED];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'GET') {
        return json(200, list);
      }
      if (method === 'DELETE') {
        list = list.filter((invitation) => !url.endsWith(invitation.id));
        return json(204, null);
      }
      return json(409, { detail: 'Email already registered' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationsPage />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('InvitationsPage', () => {
  it('lists invitations with their status; only unused ones can be revoked', async () => {
    const calls = renderPage();
    const pendingRow = (await screen.findByText('carol@example.com')).closest('tr');
    const acceptedRow = screen.getByText('dan@example.com').closest('tr');
    expect(within(pendingRow!).getByText('Pending')).toBeTruthy();
    expect(within(acceptedRow!).getByText('Accepted')).toBeTruthy();
    expect(within(acceptedRow!).queryByRole('button', { name: /Revoke/ })).toBeNull();

    await userEvent.click(
      within(pendingRow!).getByRole('button', { name: 'Revoke invitation to carol@example.com' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(calls).toContain(`DELETE /api/v1/invitations/${PENDING.id}`);
    await vi.waitFor(() => expect(screen.queryByText('carol@example.com')).toBeNull());
  });

  it("checks the address, then shows the server's refusal", async () => {
    const calls = renderPage();
    await screen.findByText('carol@example.com');
    await userEvent.type(screen.getByLabelText("Colleague's email"), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await userEvent.clear(screen.getByLabelText("Colleague's email"));
    await userEvent.type(screen.getByLabelText("Colleague's email"), 'dan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email already registered');
  });
});

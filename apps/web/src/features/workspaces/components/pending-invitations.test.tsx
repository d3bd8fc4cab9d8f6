import type { Workspace, WorkspaceInvitation } from '@formbridge/contract/workspaces';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast';
import { fakeServer, member, ME, PERSONAL, renderRoutes, signIn } from '../test/fake-api';
import { WorkspaceProvider } from '../workspace-provider';
import { MembersPage } from './members-page';

const OFFICE: Workspace = { id: 'ws-office', name: 'Acme Office', role: 'admin', personal: false };
const BASE = '/api/v1/workspaces/ws-office';

const ROUTES = [
  {
    element: (
      <WorkspaceProvider>
        <Outlet />
      </WorkspaceProvider>
    ),
    children: [{ path: '/workspace/members', element: <MembersPage /> }],
  },
];

function invitation(email: string, role: WorkspaceInvitation['role']): WorkspaceInvitation {
  return {
    id: `inv-${email.split('@')[0] ?? email}`,
    email,
    role,
    invited_by: 'me@example.com',
    created_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-11-27T10:00:00.000Z',
  };
}

// The members API with a pending list that changes as the page withdraws, resends and invites.
function renderWith(initial: WorkspaceInvitation[]) {
  localStorage.setItem(`workspace:${ME}`, OFFICE.id);
  let invitations = initial;
  const calls = fakeServer((call) => {
    if (call.path === '/api/v1/workspaces') {
      return { status: 200, body: { workspaces: [PERSONAL, OFFICE] } };
    }
    if (call.path === `${BASE}/members` && call.method === 'GET') {
      return { status: 200, body: { members: [member('me@example.com', 'admin', ME)] } };
    }
    if (call.path === `${BASE}/members` && call.method === 'POST') {
      const { email } = call.body as { email: string };
      invitations = [invitation(email, 'viewer'), ...invitations];
      return { status: 202, body: { email } };
    }
    if (call.path === `${BASE}/invitations`) {
      return { status: 200, body: { invitations } };
    }
    if (call.path.endsWith('/inv-bounced/resend')) {
      return {
        status: 422,
        body: {
          detail: 'The mail server refused the recipient: bounced@example.com',
          code: 'recipients_refused',
        },
      };
    }
    if (call.path.endsWith('/resend')) {
      return { status: 200, body: invitations[0] };
    }
    if (call.path.startsWith(`${BASE}/invitations/`) && call.method === 'DELETE') {
      invitations = invitations.filter((each) => !call.path.endsWith(`/${each.id}`));
      return { status: 204 };
    }
    return undefined;
  });
  renderRoutes(ROUTES, '/workspace/members');
  return calls;
}

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Pending invitations on the members screen', () => {
  it('lists them with role and sender; withdraws after confirming, resends with a toast', async () => {
    const success = vi.spyOn(notify, 'success');
    const calls = renderWith([
      invitation('kim@example.com', 'editor'),
      invitation('lee@example.com', 'viewer'),
    ]);
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    const kim = within(section).getByRole('listitem', { name: 'Invitation to kim@example.com' });
    expect(kim.textContent).toContain('Invited — pending');
    expect(kim.textContent).toContain('Editor');
    expect(kim.textContent).toContain('by me@example.com');

    await userEvent.click(
      within(kim).getByRole('button', { name: 'Resend the invitation to kim@example.com' }),
    );
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('Invitation sent again to kim@example.com'),
    );
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/resend'))).toBe(
      true,
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Withdraw the invitation to lee@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Withdraw invitation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(screen.queryByText('lee@example.com')).toBeNull());
    expect(success).toHaveBeenCalledWith('Invitation to lee@example.com withdrawn');
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === `${BASE}/invitations/inv-lee`),
    ).toBe(true);
  });

  it('says why a resend failed and that the earlier link still works', async () => {
    const error = vi.spyOn(notify, 'error');
    renderWith([invitation('bounced@example.com', 'viewer')]);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to bounced@example.com' }),
    );
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'The mail server refused the recipient: bounced@example.com. The link sent before still works.',
      ),
    );
  });

  it('shows no section without invitations, and one after inviting a new address', async () => {
    renderWith([]);
    await screen.findByText('me@example.com');
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Email'), 'newcomer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(within(section).getByText('newcomer@example.com')).toBeTruthy();
  });
});

import type { Member, Workspace } from '@formbridge/contract/workspaces';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, member, ME, PERSONAL, renderRoutes, signIn } from '../test/fake-api';
import { WorkspaceProvider } from '../workspace-provider';
import { MembersPage } from './members-page';

const OFFICE: Workspace = { id: 'ws-office', name: 'Acme Office', role: 'owner', personal: false };
const MEMBERS_PATH = '/api/v1/workspaces/ws-office/members';

function Shell() {
  return (
    <WorkspaceProvider>
      <Outlet />
    </WorkspaceProvider>
  );
}

const ROUTES = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <p>Dashboard</p> },
      { path: '/workspace/members', element: <MembersPage /> },
    ],
  },
];

// A fake of the members API over a list that changes as the page acts on it.
function renderAs(role: Workspace['role'], workspace: Workspace = OFFICE) {
  localStorage.setItem(`workspace:${ME}`, workspace.id);
  const path = `/api/v1/workspaces/${workspace.id}/members`;
  let members: Member[] = [
    member('me@example.com', role, ME),
    member('olga@example.com', role === 'owner' ? 'admin' : 'owner', 'u-olga'),
    member('ed@example.com', 'editor', 'u-ed'),
  ];
  const calls = fakeServer((call) => {
    if (call.path === '/api/v1/workspaces') {
      return { status: 200, body: { workspaces: [PERSONAL, { ...OFFICE, role }] } };
    }
    if (call.path === path && path !== MEMBERS_PATH) {
      return { status: 200, body: { members } };
    }
    if (call.path.endsWith('/invitations')) {
      return { status: 200, body: { invitations: [] } };
    }
    if (call.path === MEMBERS_PATH && call.method === 'GET') {
      return { status: 200, body: { members } };
    }
    if (call.path === MEMBERS_PATH && call.method === 'POST') {
      const { email, role: given } = call.body as Member;
      if (email.startsWith('new')) {
        return { status: 202, body: { email } };
      }
      const added = member(email, given, `u-${email}`);
      members = [...members, added];
      return { status: 201, body: added };
    }
    if (call.path === `${MEMBERS_PATH}/${ME}` && call.method === 'DELETE') {
      return {
        status: 409,
        body: {
          detail:
            'The workspace needs its Owner: transfer ownership to another member before leaving.',
        },
      };
    }
    if (call.path.startsWith(`${MEMBERS_PATH}/`) && call.method === 'DELETE') {
      members = members.filter((each) => !call.path.endsWith(`/${each.user_id}`));
      return { status: 204 };
    }
    if (call.path.startsWith(`${MEMBERS_PATH}/`) && call.method === 'PATCH') {
      const { role: next } = call.body as Member;
      members = members.map((each) =>
        call.path.endsWith(`/${each.user_id}`) ? { ...each, role: next } : each,
      );
      return { status: 200, body: members.find((each) => call.path.endsWith(`/${each.user_id}`)) };
    }
    return undefined;
  });
  renderRoutes(ROUTES, '/workspace/members');
  return calls;
}

const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

describe('MembersPage', () => {
  it('adds an existing account at once and says when an invitation went out instead', async () => {
    const calls = renderAs('owner');
    await screen.findByText('olga@example.com');
    await userEvent.type(screen.getByLabelText('Email'), 'vera@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('vera@example.com')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'vera@example.com',
      role: 'viewer',
    });
    expect(calls.find((call) => call.method === 'POST')?.workspace).toBe(OFFICE.id);

    await userEvent.type(screen.getByLabelText('Email'), 'newcomer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Invitation sent to newcomer@example.com',
    );
    expect(screen.queryByText('newcomer@example.com', { selector: 'td' })).toBeNull();
  });

  it('changes a role, removes after confirming, and offers the Owner a transfer', async () => {
    const calls = renderAs('owner');
    await screen.findByText('ed@example.com');
    await userEvent.selectOptions(
      within(rowOf('ed@example.com')).getByLabelText('Role of ed@example.com'),
      'viewer',
    );
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: `${MEMBERS_PATH}/u-ed`,
      body: { role: 'viewer' },
    });
    expect(
      within(rowOf('ed@example.com')).getByRole('button', { name: /Transfer ownership/ }),
    ).toBeTruthy();
    // The Owner's own row has no role choice and no removal.
    expect(within(rowOf('me@example.com')).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('me@example.com')).queryByRole('button', { name: /Remove/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove ed@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByText('ed@example.com')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/u-ed'))).toBe(
      true,
    );
  });

  it("shows the server's reason when the last Owner tries to leave", async () => {
    renderAs('owner');
    await screen.findByText('olga@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Leave workspace' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave workspace' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The workspace needs its Owner: transfer ownership to another member before leaving.',
    );
  });

  it('gives an Admin no transfer and no delete; an Editor sees no member management', async () => {
    renderAs('admin');
    await screen.findByText('ed@example.com');
    expect(screen.queryByRole('button', { name: /Transfer ownership/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename workspace' })).toBeTruthy();
    // The Owner's row cannot be changed by an Admin.
    expect(within(rowOf('olga@example.com')).queryByRole('combobox')).toBeNull();
  });

  it('in a personal workspace offers no transfer, no leaving and no deleting', async () => {
    renderAs('owner', PERSONAL);
    await screen.findByText('ed@example.com');
    expect(screen.queryByRole('button', { name: /Transfer ownership/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave workspace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove ed@example.com' })).toBeTruthy();
  });

  it('tells an Editor which role the screen needs', async () => {
    const calls = renderAs('editor');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This needs an Admin of this workspace; your role is Editor.',
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(calls.some((call) => call.path === MEMBERS_PATH)).toBe(false);
  });
});

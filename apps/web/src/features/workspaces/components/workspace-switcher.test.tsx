import type { Workspace } from '@formbridge/contract/workspaces';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { fakeServer, ME, PERSONAL, renderRoutes, signIn, TEAM } from '../test/fake-api';
import { WorkspaceProvider } from '../workspace-provider';
import { WorkspaceSwitcher } from './workspace-switcher';

// A screen that reads templates, so a test sees which workspace its request named.
function Screen({ name }: { name: string }) {
  const templates = useQuery({
    queryKey: queryKeys.templates.all,
    queryFn: () => apiRequest<unknown[]>('/api/v1/pdf-templates/'),
  });
  return <p>{templates.data ? `${name} loaded` : name}</p>;
}

function Shell() {
  return (
    <WorkspaceProvider>
      <WorkspaceSwitcher />
      <Outlet />
    </WorkspaceProvider>
  );
}

const ROUTES = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Screen name="Dashboard" /> },
      { path: '/templates', element: <Screen name="Templates" /> },
    ],
  },
];

function server(workspaces: Workspace[]) {
  return fakeServer((call) => {
    if (call.path === '/api/v1/workspaces' && call.method === 'GET') {
      return { status: 200, body: { workspaces } };
    }
    if (call.path === '/api/v1/pdf-templates/') {
      return { status: 200, body: [] };
    }
    return undefined;
  });
}

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

describe('WorkspaceSwitcher', () => {
  it('with one workspace shows only its name, and still offers to create one', async () => {
    server([PERSONAL]);
    renderRoutes(ROUTES, '/templates');
    const toggle = await screen.findByRole('button', { name: 'Workspace: Personal' });
    expect(screen.queryByRole('list', { name: 'Workspaces' })).toBeNull();
    await userEvent.click(toggle);
    const menu = screen.getByRole('list', { name: 'Workspaces' });
    expect(within(menu).getByRole('button', { name: 'Create workspace' })).toBeTruthy();
    // Nobody leaves their personal workspace.
    expect(within(menu).queryByRole('button', { name: 'Leave workspace' })).toBeNull();
  });

  it('switches: the choice is kept, the cache is cleared, requests name it, the dashboard opens', async () => {
    const calls = server([PERSONAL, TEAM]);
    const { client, router } = renderRoutes(ROUTES, '/templates');
    await screen.findByText('Templates loaded');
    expect(calls.find((call) => call.path === '/api/v1/pdf-templates/')?.workspace).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Workspace: Personal' }));
    const team = screen.getByRole('button', { name: /Acme Office/ });
    expect(team.textContent).toContain('Editor');
    const cleared = vi.spyOn(client, 'clear');
    await userEvent.click(team);

    expect(cleared).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(`workspace:${ME}`)).toBe(TEAM.id);
    await screen.findByText('Dashboard loaded');
    expect(screen.getByRole('button', { name: 'Workspace: Acme Office' })).toBeTruthy();
    const reads = calls.filter((call) => call.path === '/api/v1/pdf-templates/');
    expect(reads.at(-1)?.workspace).toBe(TEAM.id);
  });

  it('falls back to the personal workspace when the stored one answers 404', async () => {
    localStorage.setItem(`workspace:${ME}`, 'ws-gone');
    const calls = fakeServer((call) => {
      if (call.workspace === 'ws-gone') {
        return { status: 404, body: { detail: 'Workspace not found.' } };
      }
      if (call.path === '/api/v1/workspaces') {
        return { status: 200, body: { workspaces: [PERSONAL, TEAM] } };
      }
      return call.path === '/api/v1/pdf-templates/' ? { status: 200, body: [] } : undefined;
    });
    renderRoutes(ROUTES, '/templates');
    expect(await screen.findByRole('button', { name: 'Workspace: Personal' })).toBeTruthy();
    await screen.findByText('Dashboard loaded');
    expect(localStorage.getItem(`workspace:${ME}`)).toBeNull();
    expect(calls.at(-1)?.workspace).toBeNull();
  });

  it('creates a workspace and switches to it', async () => {
    const created: Workspace = { id: 'ws-new', name: 'Clinic', role: 'owner', personal: false };
    let list = [PERSONAL];
    // The list grows once the workspace exists.
    const calls = fakeServer((call) => {
      if (call.path === '/api/v1/workspaces' && call.method === 'POST') {
        list = [PERSONAL, created];
        return { status: 201, body: created };
      }
      if (call.path === '/api/v1/workspaces') {
        return { status: 200, body: { workspaces: list } };
      }
      return call.path === '/api/v1/pdf-templates/' ? { status: 200, body: [] } : undefined;
    });
    const { router } = renderRoutes(ROUTES, '/templates');
    await userEvent.click(await screen.findByRole('button', { name: 'Workspace: Personal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = screen.getByRole('dialog', { name: 'Create workspace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(await within(dialog).findByText('Enter a name for the workspace.')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Workspace name'), 'Clinic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(await screen.findByRole('button', { name: 'Workspace: Clinic' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Clinic' });
    expect(localStorage.getItem(`workspace:${ME}`)).toBe('ws-new');
    expect(router.state.location.pathname).toBe('/');
  });
});

import type { ApiToken } from '@formbridge/contract/api-tokens';
import type { Workspace, WorkspaceRole } from '@formbridge/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../../lib/session';
import { WorkspaceContext } from '../../../lib/workspace-context';
import { ApiTokensPage } from './api-tokens-page';

const OFFICE: Workspace = { id: 'ws-office', name: 'Acme Office', role: 'admin', personal: false };
const TOKENS_PATH = '/api/v1/workspaces/ws-office/tokens';
const SECRET = `fbt_${'a'.repeat(43)}`;

type Call = { method: string; path: string; body: unknown };

const token = (name: string, extra: Partial<ApiToken> = {}): ApiToken => ({
  id: `t-${name}`,
  name,
  role: 'viewer',
  created_by: { id: 'u-me', email: 'me@example.com' },
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: '2026-11-20T08:30:00.000Z',
  last_used_ip: '203.0.113.7',
  expired: false,
  ...extra,
});

// A fake of the tokens API over a list that changes as the page acts on it.
function renderAs(role: WorkspaceRole) {
  let tokens = [token('Reports')];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      let answer: { status: number; body?: unknown } = { status: 404, body: { detail: 'x' } };
      if (path === TOKENS_PATH && call.method === 'GET') {
        answer = { status: 200, body: { tokens } };
      } else if (path === TOKENS_PATH && call.method === 'POST') {
        const { name, role: given } = call.body as { name: string; role: 'editor' | 'viewer' };
        tokens = [token(name, { role: given, last_used_at: null, last_used_ip: null }), ...tokens];
        answer = { status: 201, body: { id: `t-${name}`, token: SECRET } };
      } else if (path.startsWith(`${TOKENS_PATH}/`) && call.method === 'DELETE') {
        tokens = tokens.filter((each) => !path.endsWith(`/${each.id}`));
        answer = { status: 204 };
      }
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WorkspaceContext.Provider
        value={{
          workspaces: [{ ...OFFICE, role }],
          current: { ...OFFICE, role },
          role,
          switchWorkspace: () => {},
        }}
      >
        <ApiTokensPage />
      </WorkspaceContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  storeToken(`${encode({ alg: 'HS256' })}.${encode({ sub: 'u-me', exp: 4_000_000_000 })}.sig`);
});
afterEach(() => vi.unstubAllGlobals());

describe('ApiTokensPage', () => {
  it('is for Admins: an Editor sees the role it needs and no controls', () => {
    const calls = renderAs('editor');
    expect(screen.getByRole('alert').textContent).toContain('This needs an Admin');
    expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lists tokens with creator, expiry and last use with its address', async () => {
    renderAs('admin');
    const row = (await screen.findByText('Reports')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Viewer');
    expect(row.textContent).toContain('me@example.com');
    expect(row.textContent).toContain('Never');
    expect(row.textContent).toContain('from 203.0.113.7');
  });

  it('creates an Editor or Viewer token and shows its secret once', async () => {
    const user = userEvent.setup();
    const calls = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New API token' });
    const roles = within(dialog)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(roles).toEqual(['editor', 'viewer']);
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'API token created' });
    const secret = within(shown).getByLabelText<HTMLInputElement>('Your new API token');
    expect(secret.value).toBe(SECRET);
    expect(shown.textContent).toContain('you won’t see it again');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nightly',
      role: 'editor',
      expires_at: null,
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(await screen.findByText('Nightly')).toBeTruthy();
  });

  it('revokes a token after a confirm', async () => {
    const user = userEvent.setup();
    const calls = renderAs('owner');
    await user.click(await screen.findByRole('button', { name: 'Revoke Reports' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke API token' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API tokens')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/t-Reports'))).toBe(
      true,
    );
  });
});

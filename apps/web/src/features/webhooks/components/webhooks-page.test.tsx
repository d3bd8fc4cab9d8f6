import type { Webhook, WebhookDelivery } from '@formbridge/contract/webhooks';
import type { Workspace, WorkspaceRole } from '@formbridge/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../../lib/session';
import { WorkspaceContext } from '../../../lib/workspace-context';
import { WebhooksPage } from './webhooks-page';

const OFFICE: Workspace = { id: 'ws-office', name: 'Acme Office', role: 'admin', personal: false };
const PATH = '/api/v1/workspaces/ws-office/webhooks';
const SECRET = `whsec_${'b'.repeat(43)}`;
const URL_A = 'https://hooks.example.com/a';

type Call = { method: string; path: string; body: unknown };

const webhook = (url: string, extra: Partial<Webhook> = {}): Webhook => ({
  id: `w-${url.slice(-1)}`,
  url,
  events: ['record.created'],
  status: 'active',
  paused_reason: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  last_delivery: { status: 'failed', at: '2026-11-20T08:30:00.000Z', last_status_code: 500 },
  ...extra,
});

const delivery: WebhookDelivery = {
  id: 'd-1',
  event_id: 'ev-1',
  event: 'record.created',
  status: 'failed',
  attempts: 9,
  last_status_code: 500,
  last_error: 'HTTP 500',
  response_excerpt: 'receiver down',
  created_at: '2026-11-19T08:30:00.000Z',
  last_attempt_at: '2026-11-20T08:30:00.000Z',
  next_attempt_at: null,
};

// A fake of the webhooks API over a list that changes as the page acts on it.
function renderAs(role: WorkspaceRole) {
  let hooks = [webhook(URL_A)];
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
      if (path === PATH && call.method === 'GET') {
        answer = { status: 200, body: { webhooks: hooks } };
      } else if (path === PATH && call.method === 'POST') {
        const { url } = call.body as { url: string };
        hooks = [...hooks, webhook(url, { last_delivery: null })];
        answer = { status: 201, body: { id: 'w-new', secret: SECRET } };
      } else if (path === `${PATH}/w-a` && call.method === 'PATCH') {
        hooks = hooks.map((each) => ({ ...each, ...(call.body as Partial<Webhook>) }));
        answer = { status: 200, body: hooks[0] };
      } else if (path === `${PATH}/w-a/deliveries`) {
        answer = { status: 200, body: { deliveries: [delivery] } };
      } else if (path === `${PATH}/w-a/deliveries/d-1/redeliver`) {
        answer = { status: 202, body: { ...delivery, status: 'pending' } };
      }
      return new Response(JSON.stringify(answer.body), {
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
        <WebhooksPage />
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

describe('WebhooksPage', () => {
  it('is for Admins: an Editor sees the role it needs and no controls', () => {
    const calls = renderAs('editor');
    expect(screen.getByRole('alert').textContent).toContain('This needs an Admin');
    expect(screen.queryByRole('button', { name: 'New endpoint' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lists endpoints with their events, status and last delivery', async () => {
    renderAs('admin');
    const row = (await screen.findByText(URL_A)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('record.created');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('failed (HTTP 500)');
  });

  it('creates an endpoint with the chosen events and shows its secret once', async () => {
    const user = userEvent.setup();
    const calls = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'New endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'New endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/b');
    await user.click(within(dialog).getByLabelText('bulk_job.finished'));
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Endpoint created' });
    expect(within(shown).getByLabelText<HTMLInputElement>('Signing secret').value).toBe(SECRET);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/b',
      events: ['completed_form.created', 'bulk_job.finished'],
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(await screen.findByText('https://hooks.example.com/b')).toBeTruthy();
  });

  it('refuses an URL that is not http(s) before asking the server', async () => {
    const user = userEvent.setup();
    const calls = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'New endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'New endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'ftp://files.example.com/');
    await user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(
      await within(dialog).findByText('The URL must start with http:// or https://'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('pauses an endpoint and redelivers from its log', async () => {
    const user = userEvent.setup();
    const calls = renderAs('owner');
    await user.click(await screen.findByRole('button', { name: `Pause ${URL_A}` }));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'paused' });
    await user.click(await screen.findByRole('button', { name: `Deliveries of ${URL_A}` }));
    const log = await screen.findByRole('dialog', { name: `Deliveries to ${URL_A}` });
    expect(await within(log).findByText('receiver down')).toBeTruthy();
    expect(log.textContent).toContain('9 attempts, last HTTP 500');
    await user.click(within(log).getByRole('button', { name: 'Redeliver record.created ev-1' }));
    expect(calls.some((call) => call.path.endsWith('/deliveries/d-1/redeliver'))).toBe(true);
  });
});

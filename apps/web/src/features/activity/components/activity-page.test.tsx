import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent, AuditPage } from '@formbridge/contract/audit';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { ActivityPage } from './activity-page';

const WORKSPACE = 'w-1';

function makeEvent(index: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `e-${index}`,
    at: '2026-11-27T10:00:00.000Z',
    actor: { kind: 'user', id: 'u-1', name: 'ada@example.com' },
    source: 'web',
    action: 'record.updated',
    target: { kind: 'record', id: `r-${index}`, name: `Client ${index}` },
    changes: [],
    ip: '203.0.113.7',
    user_agent: 'Firefox/140',
    ...overrides,
  };
}

// A fake audit API: pages by cursor; every URL asked is recorded.
function serve(pages: Record<string, AuditPage>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.includes('/audit.csv')) {
        return new Response('time,actor\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv' },
        });
      }
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? '';
      const page = pages[cursor] ?? { events: [], next_cursor: null };
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const auth = { user: { id: WORKSPACE }, isAuthenticated: true } as AuthState;
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <ActivityPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivityPage', () => {
  it('shows who changed what, each field before → after, and pages to older events', async () => {
    const urls = serve({
      '': {
        events: [
          makeEvent(1, {
            changes: [
              { field: 'city', before: 'Lyon', after: 'Paris' },
              { field: 'phone', before: null, after: '555-0100' },
            ],
          }),
          makeEvent(2, {
            actor: { kind: 'public_link', id: 'l-1', name: 'Public link' },
            source: 'public_form',
            action: 'completed_form.generated',
            target: { kind: 'completed_form', id: 'f-1', name: 'W-9 · Client 2' },
          }),
        ],
        next_cursor: 'c2',
      },
      c2: { events: [makeEvent(3, { action: 'record.deleted' })], next_cursor: null },
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('ada@example.com');
    expect(first.textContent).toContain('Record updated');
    expect(first.textContent).toContain('Client 1');
    expect(first.textContent).toContain('cityLyon→Paris');
    expect(first.textContent).toContain('phoneempty→555-0100');
    expect(first.textContent).toContain('203.0.113.7');
    expect(within(list).getAllByRole('listitem')[1]?.textContent).toContain(
      'Public link (Public form)Completed form generated',
    );
    expect(urls[0]).toBe(`/api/v1/workspaces/${WORKSPACE}/audit?limit=50`);

    await userEvent.click(screen.getByRole('button', { name: 'Show older activity' }));
    expect(await screen.findByText('Client 3')).toBeTruthy();
    expect(urls.at(-1)).toContain('cursor=c2');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
  });

  it("asks the server again with each filter, and shows one item's history from its name", async () => {
    const urls = serve({ '': { events: [makeEvent(1)], next_cursor: null } });
    await screen.findByText('Client 1');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'record.deleted');
    await vi.waitFor(() => expect(urls.at(-1)).toContain('action=record.deleted'));
    await userEvent.selectOptions(screen.getByLabelText('Member'), 'u-1');
    await vi.waitFor(() => expect(urls.at(-1)).toContain('actor=u-1'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Client 1' }));
    await vi.waitFor(() => expect(urls.at(-1)).toContain('target_kind=record&target_id=r-1'));
    const from = new URL(urls.at(-1)!, 'http://localhost');
    expect(from.searchParams.get('action')).toBeNull();
  });

  it('exports what the filters select as CSV', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const urls = serve({ '': { events: [makeEvent(1)], next_cursor: null } });
    await screen.findByText('Client 1');
    await userEvent.selectOptions(screen.getByLabelText('Item'), 'template');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() =>
      expect(urls).toContain(`/api/v1/workspaces/${WORKSPACE}/audit.csv?target_kind=template`),
    );
  });

  it('says so when nothing matches', async () => {
    serve({ '': { events: [], next_cursor: null } });
    expect(await screen.findByText('No activity yet')).toBeTruthy();
  });
});

import type { TrashItem } from '@formbridge/contract/trash';
import type { WorkspaceRole } from '@formbridge/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceContext } from '../../../lib/workspace-context';
import { TrashPage } from './trash-page';

const DAY = 24 * 60 * 60 * 1000;
const ITEM: TrashItem = {
  id: 't-1',
  kind: 'table',
  name: 'Guests',
  deleted_at: new Date(Date.now() - DAY).toISOString(),
  deleted_by: 'ada@example.com',
  expires_at: new Date(Date.now() + 29 * DAY + 60_000).toISOString(),
};
const CONFLICT =
  "Record 'Bob' cannot be restored because its table 'Guests' is gone. Restore the table from the trash first.";

// A fake trash API: the list, and a restore that answers 409; every request is recorded.
function serve(role: WorkspaceRole, items: TrashItem[] = [ITEM]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/restore')) {
        return Response.json({ detail: CONFLICT }, { status: 409 });
      }
      // The list pages as the server does: limit/offset, the total in X-Total-Count.
      const query = new URL(url, 'http://app').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const page = items.slice(offset, offset + Number(query.get('limit') ?? items.length));
      return Response.json({ items: page }, { headers: { 'x-total-count': String(items.length) } });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <WorkspaceContext.Provider
        value={{ workspaces: [], current: null, role, switchWorkspace: () => {} }}
      >
        <MemoryRouter>
          <TrashPage />
        </MemoryRouter>
      </WorkspaceContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TrashPage', () => {
  it('lists what was deleted, by whom, and when it goes for good', async () => {
    serve('viewer');
    const row = (await screen.findByText('Guests')).closest('li')!;
    expect(row.textContent).toContain('Table');
    expect(row.textContent).toContain('ada@example.com');
    expect(row.textContent).toContain('Deleted for good in 29 days');
    expect(row.textContent).toContain('Deleted by ada@example.com');
    // A Viewer reads the trash; the actions are not theirs.
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
  });

  it('gives an Editor Restore only, and keeps a refused restore on the page', async () => {
    const calls = serve('editor');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Guests' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONFLICT);
    expect(calls).toContain('POST /api/v1/trash/t-1/restore');
    expect(screen.queryByRole('button', { name: 'Delete forever Guests' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
  });

  it('gives an Admin Delete forever and Empty trash', async () => {
    serve('admin');
    expect(await screen.findByRole('button', { name: 'Delete forever Guests' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Empty trash' })).toBeTruthy();
  });

  it('reads one page at a time and pages with the total', async () => {
    const many = Array.from({ length: 52 }, (_, index) => ({
      ...ITEM,
      id: `t-${index}`,
      name: `Table ${index}`,
    }));
    const calls = serve('viewer', many);
    expect(await screen.findByText('Table 0')).toBeTruthy();
    expect(screen.queryByText('Table 50')).toBeNull();
    expect(screen.getByText('Showing 1–50 of 52 items')).toBeTruthy();
    expect(calls).toEqual(['GET /api/v1/trash?limit=50&offset=0']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Table 51')).toBeTruthy();
    expect(screen.queryByText('Table 0')).toBeNull();
    expect(calls).toContain('GET /api/v1/trash?limit=50&offset=50');
  });

  it('says so when the trash is empty', async () => {
    serve('owner', []);
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
  });
});

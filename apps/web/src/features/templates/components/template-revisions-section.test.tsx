import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  RevisionUploadResponse,
  TemplateRevisionList,
} from '@formbridge/contract/template-revisions';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateRevisionDiff } from './template-revision-diff';
import { TemplateRevisionsSection } from './template-revisions-section';

// The template page's revisions (issue 32): the list with its current badge, make-current behind
// a confirmation, and the diff shown after an upload.

const LIST: TemplateRevisionList = {
  current_revision: 2,
  revisions: [
    {
      revision: 2,
      created_by: 'ada@example.com',
      created_at: '2026-11-28T01:00:00Z',
      field_count: 27,
      page_count: 1,
      file_size: 1000,
      is_current: true,
    },
    {
      revision: 1,
      created_by: null,
      created_at: '2026-11-20T01:00:00Z',
      field_count: 27,
      page_count: 1,
      file_size: 900,
      is_current: false,
    },
  ],
};

function renderSection(canEdit: boolean) {
  const calls: Array<{ url: string; method: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET' });
      const body = url.endsWith('/make-current')
        ? { current_revision: 1, mappings_restored: 3, mappings_dropped: [] }
        : LIST;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TemplateRevisionsSection templateId="t1" canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('template revisions', () => {
  it('lists revisions with who, when, fields and the current one; makes one current after a confirm', async () => {
    const calls = renderSection(true);
    const current = await screen.findByTestId('revision-2');
    expect(within(current).getByText('Current')).toBeTruthy();
    expect(within(current).getByText(/ada@example.com/)).toBeTruthy();
    expect(
      within(screen.getByTestId('revision-1')).getByText(/Before revisions · .* · 27 fields/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make revision 1 current' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Make current' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/v1/pdf-templates/t1/revisions/1/make-current',
        method: 'POST',
      }),
    );
  });

  it('offers no upload or make-current to a Viewer', async () => {
    renderSection(false);
    await screen.findByTestId('revision-2');
    expect(screen.queryByRole('button', { name: 'Upload a new revision' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Make revision/ })).toBeNull();
  });

  it('shows the diff, the mappings carried and a link to map the dropped ones', () => {
    const result: RevisionUploadResponse = {
      revision: 2,
      diff: {
        kept: ['a'],
        renamed: [{ from: 'f1_01', to: 'f1_1' }],
        moved: ['b'],
        added: ['c'],
        removed: ['d'],
        type_changed: ['e'],
      },
      mappings_carried: 3,
      mappings_dropped: ['d', 'e'],
    };
    render(
      <MemoryRouter>
        <TemplateRevisionDiff templateId="t1" result={result} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'Revision 2 is now current. 3 mappings were carried over.',
    );
    expect(screen.getByText('f1_01 → f1_1')).toBeTruthy();
    expect(screen.getByText(/2 mappings were dropped: d, e/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Map the unmatched fields' }).getAttribute('href'),
    ).toBe('/mapping/t1');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { TemplateRevisionList } from '@formbridge/contract/template-revisions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateRevisionSelect } from './template-revision-select';

// The generate dialogs' revision picker (issue 32): only for templates with several revisions.

function revision(n: number, isCurrent: boolean) {
  return {
    revision: n,
    created_by: null,
    created_at: '2026-11-28T01:00:00Z',
    field_count: 3,
    page_count: 1,
    file_size: 100,
    is_current: isCurrent,
  };
}

function renderWith(list: TemplateRevisionList) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(list), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TemplateRevisionSelect templateId="t1" value="" onChange={() => undefined} className="" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('generate dialog revision picker', () => {
  it('offers the current revision first, then the earlier ones', async () => {
    renderWith({
      current_revision: 3,
      revisions: [revision(3, true), revision(2, false), revision(1, false)],
    });
    const select = await screen.findByLabelText('Revision to fill');
    const options = [...(select as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options[0]).toBe('Current (revision 3)');
    expect(options.slice(1).map((o) => o?.split(' (')[0])).toEqual(['Revision 2', 'Revision 1']);
  });

  it('shows nothing for a template with one revision', async () => {
    renderWith({ current_revision: 1, revisions: [revision(1, true)] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Revision to fill')).toBeNull();
  });
});

import type { CompletedForm } from '@formbridge/contract/completed-forms';
import type { WorkspaceRole } from '@formbridge/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormsPage } from '../features/forms/components/forms-page';
import { TableDetailPage } from '../features/tables/components/table-detail-page';
import { TemplatesPage } from '../features/templates/components/templates-page';
import { WorkspaceContext } from '../lib/workspace-context';

// Every screen reads the role from the workspace context; the server enforces it regardless.
const TABLE = {
  id: 't-people',
  name: 'People',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  field_count: 1,
  record_count: 1,
  fields: [{ name: 'name', label: 'Name', type: 'string', required: true }],
  combination_rules: [],
  use_display_field: false,
  display_field_key: null,
};
const RECORD = {
  id: 'r-1',
  table_id: TABLE.id,
  created_at: '',
  updated_at: '',
  data: { name: 'Jane Doe' },
  computed: { display_name: 'Jane Doe', combinations: {} },
};
const TEMPLATE = {
  id: 'tpl-1',
  name: 'W-9',
  file_path: '/f',
  field_count: 3,
  page_count: 1,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
const FORM: CompletedForm = {
  id: '00000000-0000-4000-8000-000000000001',
  template_id: TEMPLATE.id,
  template_name: 'W-9',
  table_id: TABLE.id,
  table_name: 'People',
  record_id: RECORD.id,
  record_display_name: 'Jane Doe',
  job_id: null,
  template_revision: 1,
  created_at: '2026-11-27T10:00:00.000Z',
  email_sent_to: [],
  email_error: null,
  flattened: false,
  file_name: 'Jane_Doe_W-9.pdf',
  file_size: 1000,
  file_path: '/download/1',
  pdf_file_path: '/view/1',
  view_url: '/view/1',
  download_url: '/download/1',
  fill_summary: { requested: 1, written: 1, with_problems: 0 },
};

function answer(url: string): unknown {
  if (url.includes('/history')) {
    return { entries: [], next_cursor: null };
  }
  if (url.startsWith(`/api/v1/dynamic-tables/${TABLE.id}/records`)) {
    return [RECORD];
  }
  if (url === `/api/v1/dynamic-tables/${TABLE.id}`) {
    return TABLE;
  }
  if (url.startsWith('/api/v1/dynamic-tables/')) {
    return { tables: [TABLE], total: 1 };
  }
  if (url.startsWith('/api/v1/pdf-templates/')) {
    return [TEMPLATE];
  }
  if (url.startsWith('/api/v1/field-mappings/template/')) {
    return [{ id: 'm1', table_id: TABLE.id, field_name: 'f', mapped_field_key: 'name' }];
  }
  if (url.startsWith('/api/v1/completed-forms/')) {
    return [FORM];
  }
  return null;
}

function renderAs(role: WorkspaceRole, path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(answer(url)), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': '1' },
        }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: '/tables/:id', element: <TableDetailPage /> },
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/forms', element: <FormsPage /> },
    ],
    { initialEntries: [path] },
  );
  const state = { workspaces: [], current: null, role, switchWorkspace: () => {} };
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <WorkspaceContext.Provider value={state}>
        <RouterProvider router={router} />
      </WorkspaceContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('controls follow the role in the workspace', () => {
  it('a Viewer reads a table and exports it, with no control that changes it', async () => {
    renderAs('viewer', `/tables/${TABLE.id}`);
    await screen.findByRole('heading', { name: 'People' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    for (const name of ['Edit Schema', 'Delete', 'Add Record', 'Import CSV/Excel']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Edit Record' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Generate/ })).toBeNull();
  });

  it('a Viewer opens a record read-only, with its history and no way to change it', async () => {
    renderAs('viewer', `/tables/${TABLE.id}?record=${RECORD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'View Record' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Save|Delete/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect(
      await within(dialog).findByText('No changes recorded for this record yet.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('an Editor gets the same table with its edit controls', async () => {
    renderAs('editor', `/tables/${TABLE.id}`);
    await screen.findByRole('heading', { name: 'People' });
    for (const name of ['Edit Schema', 'Delete', 'Add Record', 'Import CSV/Excel', 'Export CSV']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('a Viewer downloads completed forms but cannot delete, share or generate them', async () => {
    renderAs('viewer', '/forms');
    const card = (await screen.findByText('Jane Doe')).closest('article') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Public Link' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate New Form' })).toBeNull();
  });

  it('a Viewer sees templates without upload, mapping or delete', async () => {
    renderAs('viewer', '/templates');
    await screen.findByText('W-9');
    expect(screen.queryByRole('button', { name: 'Upload Template' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Map Fields' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

import type { FieldCandidatesResponse } from '@formbridge/contract/field-candidates';
import type { Template } from '@formbridge/contract/templates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldEditorPage } from './field-editor-page';
import { TemplatesPage } from './templates-page';

vi.mock('react-pdf', () => ({ Page: () => <canvas /> }));
vi.mock('../../../components/pdf/pdf-document', () => ({
  PdfDocument: ({ children }: { children: ReactNode }) => <>{children}</>,
}));

const FLAT: Template = {
  id: '5b7d3c56-8f0e-4a43-9d86-3d3c1b0e4a11',
  name: 'Consent slip',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  file_path: '/files/slip.pdf',
  file_size: 1000,
  field_data: {},
  field_count: 0,
  page_count: 1,
  pages: [{ width: 612, height: 792 }],
  fill_settings: {
    legibility_floor: 6,
    read_only: 'fill',
    addendum: false,
    addendum_reference: 'see addendum, item {n}',
  },
};

const FOUND: FieldCandidatesResponse = {
  candidates: [
    {
      page: 1,
      rect: [120, 100, 320, 118],
      type: 'text',
      name: 'pupil_name',
      label: 'Pupil name',
      confidence: 0.8,
    },
  ],
  pages_without_content: [],
};

/** Answers by method and path; records every call. */
function stubApi(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${input as string}`;
      calls.push(call);
      const body = routes[call];
      return new Response(JSON.stringify(body ?? { detail: 'Not Found' }), {
        status: body === undefined ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/templates/:id/fields', element: <FieldEditorPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('field editor page', () => {
  it('opens after uploading a flat PDF, with the fields found on its pages', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/v1/pdf-templates/': [],
      'POST /api/v1/pdf-templates/': FLAT,
      [`GET /api/v1/pdf-templates/${FLAT.id}`]: FLAT,
      [`POST /api/v1/pdf-templates/${FLAT.id}/field-candidates`]: FOUND,
    });
    renderAt('/templates');
    await user.click((await screen.findAllByRole('button', { name: /Upload Template/ }))[0]!);
    const file = new File(['%PDF-1.7'], 'slip.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('PDF file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('heading', { name: 'Edit fields' })).toBeTruthy();
    expect(screen.getByText(/1 fields were found on the pages/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Proposed Text "pupil_name", 80% sure' }),
    ).toBeTruthy();
    expect(calls).toContain(`POST /api/v1/pdf-templates/${FLAT.id}/field-candidates`);
  });

  it('keeps the fields the PDF already has, a radio group as its buttons', async () => {
    const user = userEvent.setup();
    const fillable: Template = {
      ...FLAT,
      field_count: 1,
      field_data: {
        consent: {
          type: 'radio',
          page: 0,
          rect: [100, 200, 110, 210],
          widgets: [
            { page: 0, rect: [100, 200, 110, 210], on_value: 'Yes' },
            { page: 0, rect: [150, 200, 160, 210], on_value: 'No' },
          ],
          label: 'Consent',
        },
      },
    };
    stubApi({
      [`GET /api/v1/pdf-templates/${FLAT.id}`]: fillable,
      [`POST /api/v1/pdf-templates/${FLAT.id}/field-candidates`]: FOUND,
      [`PUT /api/v1/pdf-templates/${FLAT.id}/fields`]: fillable,
    });
    renderAt(`/templates/${FLAT.id}/fields`);
    expect(await screen.findAllByRole('button', { name: 'Radio button "consent"' })).toHaveLength(
      2,
    );
    expect(screen.getByTestId('editor-counts').textContent).toBe('2 fields to save, 1 proposed');
    const put = vi.mocked(fetch);
    await user.click(screen.getByRole('button', { name: 'Save 2 fields' }));
    const sent = JSON.parse(put.mock.calls.at(-1)?.[1]?.body as string) as {
      fields: Array<{ name: string; options?: unknown }>;
    };
    expect(sent.fields).toEqual([
      expect.objectContaining({ name: 'consent', options: [{ value: 'Yes', label: 'Yes' }] }),
      expect.objectContaining({ name: 'consent', options: [{ value: 'No', label: 'No' }] }),
    ]);
  });
});

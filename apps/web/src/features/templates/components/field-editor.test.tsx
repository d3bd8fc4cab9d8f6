import type { EditorField } from '@formbridge/contract/field-candidates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldEditor } from './field-editor';

// The page image is pdf.js's business; the editor is the boxes over it.
vi.mock('react-pdf', () => ({ Page: () => <canvas data-testid="pdf-page" /> }));
vi.mock('../../../components/pdf/pdf-document', () => ({
  PdfDocument: ({ children }: { children: ReactNode }) => <>{children}</>,
}));

const TEMPLATE = {
  id: 't1',
  file_path: '/files/t1.pdf',
  pages: [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ],
};

const candidate = (name: string, confidence: number, rect: EditorField['rect']): EditorField => ({
  page: 1,
  rect,
  type: 'text',
  name,
  label: name.replace('_', ' '),
  confidence,
});

const CANDIDATES = [
  candidate('full_name', 0.9, [100, 100, 300, 120]),
  candidate('city', 0.6, [100, 150, 300, 170]),
  candidate('table_rule', 0.3, [100, 400, 500, 410]),
];

type Reply = { status: number; body: unknown };

function mockFetch(...replies: Reply[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    void init;
    const reply = replies.shift() ?? { status: 500, body: { detail: 'unexpected call' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sentFields: (index = 0) => {
      const init = fetchMock.mock.calls[index]?.[1];
      return (JSON.parse(init?.body as string) as { fields: EditorField[] }).fields;
    },
    fetchMock,
  };
}

afterEach(() => vi.unstubAllGlobals());

function renderEditor(
  existing: EditorField[] = [],
  candidates = CANDIDATES,
  scanned: number[] = [],
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const editor = (
    <FieldEditor
      template={TEMPLATE}
      existing={existing}
      candidates={candidates}
      scannedPages={scanned}
    />
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/templates">All templates</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/templates/t1/fields', element: editor },
          { path: '/templates/t1', element: <h1>Template page</h1> },
          { path: '/templates', element: <h1>Templates</h1> },
        ],
      },
    ],
    { initialEntries: ['/templates/t1/fields'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const box = (name: string) => screen.getByRole('button', { name: new RegExp(`"${name}"`) });
const counts = () => screen.getByTestId('editor-counts').textContent;

/** A drag with the pointer (mouse, pen or finger), in screen pixels; the page is at 100%. */
function drag(target: Element, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(target, { clientX: from[0], clientY: from[1], button: 0 });
  fireEvent.pointerMove(window, { clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(window, { clientX: to[0], clientY: to[1] });
}

describe('field editor', () => {
  it('accepts every proposal at least as sure as the slider says', () => {
    renderEditor();
    expect(counts()).toBe('0 fields to save, 3 proposed');
    fireEvent.change(screen.getByLabelText('Confidence threshold'), { target: { value: '0.55' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept 2 proposed' }));
    expect(counts()).toBe('2 fields to save, 1 proposed');
    expect(box('full_name').dataset.status).toBe('accepted');
    expect(box('table_rule').dataset.status).toBe('proposed');
  });

  it('accepts or rejects one, and saves its new type, name and caption', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ status: 200, body: { field_count: 1 } });
    renderEditor();
    await user.click(box('table_rule'));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('button', { name: /"table_rule"/ })).toBeNull();

    await user.click(box('city'));
    const panel = screen.getByRole('region', { name: 'Selected field' });
    await user.selectOptions(within(panel).getByLabelText('Type'), 'comb');
    expect(within(panel).getByLabelText('Number of boxes')).toHaveProperty('value', '14');
    await user.clear(within(panel).getByLabelText('Number of boxes'));
    await user.type(within(panel).getByLabelText('Number of boxes'), '5');
    await user.clear(within(panel).getByLabelText('Name'));
    await user.type(within(panel).getByLabelText('Name'), 'postcode');
    await user.clear(within(panel).getByLabelText('Caption'));
    await user.type(within(panel).getByLabelText('Caption'), 'Postcode');
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Save 1 fields' }));

    expect(api.sentFields()).toEqual([
      {
        page: 1,
        rect: [100, 150, 300, 170],
        type: 'comb',
        name: 'postcode',
        label: 'Postcode',
        max_len: 5,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Template page' })).toBeTruthy();
  });

  it('draws a field by dragging on the page with the Draw tool', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ status: 200, body: { field_count: 2 } });
    renderEditor([], [candidate('full_name', 0.9, [100, 100, 300, 120])]);
    await user.click(screen.getByRole('button', { name: 'Draw field' }));
    drag(screen.getByTestId('field-editor-overlay'), [320, 500], [120, 480]);
    expect(counts()).toBe('1 fields to save, 1 proposed');
    expect(box('field_2').dataset.status).toBe('accepted');
    // A small square drawn is a checkbox.
    await user.click(screen.getByRole('button', { name: 'Draw field' }));
    drag(screen.getByTestId('field-editor-overlay'), [50, 50], [62, 62]);
    expect(screen.getByRole('button', { name: /Checkbox "field_3"/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save 2 fields' }));
    expect(api.sentFields().map((f) => [f.name, f.type, f.rect])).toEqual([
      ['field_3', 'checkbox', [50, 50, 62, 62]],
      ['field_2', 'text', [120, 480, 320, 500]],
    ]);
  });

  it('moves and resizes a field by hand and from the keyboard, and deletes it', async () => {
    const user = userEvent.setup();
    renderEditor([{ page: 1, rect: [100, 100, 300, 120], type: 'text', name: 'a', label: '' }], []);
    drag(box('a'), [150, 110], [160, 130]);
    expect(screen.getByText('Page 1, 200 × 20 pt')).toBeTruthy();
    expect(box('a').style.left).toBe('110px');
    expect(box('a').style.top).toBe('120px');
    // The corner handle resizes; the box never leaves the page.
    const handle = box('a').querySelector('[data-resize-handle]')!;
    drag(handle, [310, 140], [330, 150]);
    expect(screen.getByText('Page 1, 220 × 30 pt')).toBeTruthy();
    drag(box('a'), [150, 110], [2000, 110]);
    expect(box('a').style.left).toBe(`${612 - 220}px`);

    act(() => box('a').focus());
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(box('a').style.left).toBe(`${612 - 222}px`);
    expect(box('a').style.top).toBe('121px');
    await user.keyboard('{Shift>}{ArrowRight}{ArrowUp}{ArrowUp}{/Shift}');
    expect(screen.getByText('Page 1, 221 × 28 pt')).toBeTruthy();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: /"a"/ })).toBeNull();
    expect(counts()).toBe('0 fields to save, 0 proposed');
  });

  it('tabs through the boxes in reading order, selecting each', async () => {
    const user = userEvent.setup();
    renderEditor();
    act(() => box('full_name').focus());
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'full_name');
    await user.tab();
    expect(document.activeElement).toBe(box('city'));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'city');
    await user.keyboard('{Delete}');
    // Focus goes on to the next box, so Delete can be pressed again.
    expect(document.activeElement).toBe(box('table_rule'));
  });

  it('saves radio export values and dropdown options', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ status: 200, body: { field_count: 2 } });
    renderEditor(
      [],
      [
        { ...candidate('yes', 0.9, [100, 100, 110, 110]), type: 'radio' },
        candidate('country', 0.9, [100, 200, 300, 220]),
      ],
    );
    await user.click(screen.getByRole('button', { name: 'Accept 2 proposed' }));
    await user.click(box('yes'));
    await user.type(screen.getByLabelText('Value when chosen'), 'Yes');
    await user.click(box('country'));
    await user.selectOptions(screen.getByLabelText('Type'), 'dropdown');
    await user.type(screen.getByLabelText('Options, one per line'), 'France{Enter}{Enter}Spain');
    await user.click(screen.getByRole('button', { name: 'Save 2 fields' }));
    expect(api.sentFields().map((f) => [f.name, f.options])).toEqual([
      ['yes', [{ value: 'Yes', label: 'Yes' }]],
      [
        'country',
        [
          { value: 'France', label: 'France' },
          { value: 'Spain', label: 'Spain' },
        ],
      ],
    ]);
  });

  it("shows the server's 422 messages and takes the user to the field", async () => {
    const user = userEvent.setup();
    mockFetch({
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'fields', 1, 'name'],
            msg: 'Two fields are named "city": names must be unique',
            type: 'value_error',
          },
          { loc: ['body', 'fields', 0, 'name'], msg: 'At most 200 characters', type: 'too_big' },
        ],
      },
    });
    renderEditor(
      [],
      [
        { ...CANDIDATES[0]!, page: 2 },
        { ...CANDIDATES[1]!, name: 'city', page: 2 },
      ],
    );
    await user.click(screen.getByRole('button', { name: 'Accept 2 proposed' }));
    await user.click(screen.getByRole('button', { name: 'Save 2 fields' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Two fields are named "city": names must be unique');
    expect(alert.textContent).toContain('Field 1 name: At most 200 characters');
    await user.click(within(alert).getAllByRole('button', { name: 'Show' })[0]!);
    expect(screen.getByTestId('editor-page-indicator').textContent).toBe('Page 2 of 2');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'city');
  });

  it('asks before leaving with changes not saved, and not before any change', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Accept 2 proposed' }));
    await user.click(screen.getByRole('link', { name: 'All templates' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(counts()).toBe('2 fields to save, 1 proposed');
    await user.click(screen.getByRole('link', { name: 'All templates' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeTruthy();
  });

  it('leaves at once when nothing changed', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(box('city'));
    await user.click(screen.getByRole('link', { name: 'All templates' }));
    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeTruthy();
  });

  it('says which pages are scans', async () => {
    const user = userEvent.setup();
    renderEditor([], [], [2]);
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('note').textContent).toBe(
      'This page is a scan: draw its fields by hand.',
    );
  });
});

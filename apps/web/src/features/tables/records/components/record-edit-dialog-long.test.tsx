import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTable, mockFetch, renderWithCache } from '../../test/render';
import { RecordEditDialog } from './record-edit-dialog';

// A table past the virtualising threshold: the record form keeps only the fields in view in the
// page. A file field scrolled out of view while its upload runs, and back, must still show it.

const ROW_HEIGHT = 72;
const TABLE = makeTable({
  fields: [
    { name: 'scan', label: 'scan', type: 'file', required: false },
    ...Array.from({ length: 99 }, (_, index) => ({
      name: `line_${index + 1}`,
      label: `Line ${index + 1}`,
      type: 'string' as const,
      required: false,
    })),
  ],
});
const RECORD = {
  id: 'r1',
  table_id: TABLE.id,
  created_at: '',
  updated_at: '',
  version: 1,
  data: { scan: [] },
  computed: { display_name: 'x', combinations: {} },
};

/** An upload the test finishes by hand: progress first, then the server's answer. */
class PendingUpload {
  static last: PendingUpload | undefined;
  upload: {
    onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send() {
    PendingUpload.last = this;
  }
}

function scrollFieldsTo(top: number) {
  const region = screen.getByRole('region', { name: 'Record fields' });
  Object.defineProperty(region, 'scrollTop', { configurable: true, value: top });
  fireEvent.scroll(region);
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', PendingUpload);
  // jsdom lays nothing out: the region is 600 px high and every field row 72 px, so only some
  // rows fit in view.
  const heightOf = (element: HTMLElement) =>
    element.dataset.index === undefined ? 600 : ROW_HEIGHT;
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return heightOf(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return heightOf(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const height = heightOf(this);
    return DOMRect.fromRect({ x: 0, y: 0, width: 800, height });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecordEditDialog with more than 60 fields', () => {
  it('keeps a file upload under way, and its result, when the field scrolls out of view and back', async () => {
    renderWithCache(
      <RecordEditDialog
        table={TABLE}
        record={RECORD}
        linkedTables={new Map()}
        onSaved={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const scan = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Upload file for scan'), scan);
    act(() =>
      PendingUpload.last?.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }),
    );
    expect(
      screen
        .getByRole('progressbar', { name: 'Uploading scan.pdf...' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');

    act(() => scrollFieldsTo(ROW_HEIGHT * 80));
    await vi.waitFor(() => expect(screen.queryByText('scan')).toBeNull());
    act(() => scrollFieldsTo(0));
    await vi.waitFor(() => expect(screen.getByText('scan')).toBeTruthy());
    expect(
      screen
        .getByRole('progressbar', { name: 'Uploading scan.pdf...' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');

    act(() => scrollFieldsTo(ROW_HEIGHT * 80));
    await vi.waitFor(() => expect(screen.queryByText('scan')).toBeNull());
    act(() => {
      const request = PendingUpload.last;
      if (request) {
        request.status = 201;
        request.responseText = JSON.stringify({
          id: 'f1',
          filename: 'scan.pdf',
          file_path: '/files/f1',
          file_size: 8,
          content_type: 'application/pdf',
          uploaded_at: '',
        });
        request.onload?.();
      }
    });
    act(() => scrollFieldsTo(0));
    expect((await screen.findByRole('link', { name: 'scan.pdf' })).getAttribute('href')).toBe(
      '/files/f1',
    );
  });

  it('filters the fields by label, and a value typed while filtered is saved', async () => {
    const api = mockFetch({ status: 200, body: RECORD });
    const onClose = vi.fn();
    renderWithCache(
      <RecordEditDialog
        table={TABLE}
        record={RECORD}
        linkedTables={new Map()}
        onSaved={vi.fn()}
        onClose={onClose}
      />,
    );
    const filter = screen.getByRole('searchbox', { name: 'Filter fields' });
    expect(screen.getByText('100 fields')).toBeTruthy();
    expect(screen.queryByLabelText('Line 99')).toBeNull();

    await userEvent.type(filter, 'LINE 99');
    expect(screen.getByText('1 of 100 fields')).toBeTruthy();
    expect(screen.queryByLabelText('Line 1')).toBeNull();
    await userEvent.type(screen.getByLabelText('Line 99'), 'ninety-nine');

    await userEvent.clear(filter);
    await userEvent.type(filter, 'nothing like it');
    expect(screen.getByText('No fields match “nothing like it”')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(screen.getByText('100 fields')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save Record' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // Only the changed field goes out, so nobody else's changes are written back.
    expect(api.request(0)).toMatchObject({
      method: 'PATCH',
      body: { data: { line_99: 'ninety-nine' } },
    });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_UPLOAD_BYTES } from '@formbridge/contract/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTable, mockFetch, renderWithCache } from '../../test/render';
import { RecordEditDialog } from './record-edit-dialog';

const TABLE = makeTable({
  fields: [
    { name: 'title', label: 'title', type: 'string', required: true },
    { name: 'amount', label: 'amount', type: 'number', required: false },
    { name: 'paid', label: 'paid', type: 'boolean', required: false },
    { name: 'scan', label: 'scan', type: 'file', required: false },
  ],
});
const SAVED = {
  id: 'r1',
  table_id: TABLE.id,
  created_at: '',
  updated_at: '',
  version: 1,
  data: {},
  computed: { display_name: 'x', combinations: {} },
};

function renderDialog(onSaved = vi.fn(), onClose = vi.fn()) {
  renderWithCache(
    <RecordEditDialog
      table={TABLE}
      record={null}
      linkedTables={new Map()}
      onSaved={onSaved}
      onClose={onClose}
    />,
  );
  return { onSaved, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecordEditDialog', () => {
  it('asks for required fields, keeps an empty number empty and defaults Yes/No to false', async () => {
    const api = mockFetch({ status: 201, body: SAVED });
    const { onSaved } = renderDialog();
    expect(screen.getByText('File upload will be available after saving the record')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(await screen.findByText("Field 'title' is required.")).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/title/), '  Hello ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Record' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    expect(api.request(0)).toMatchObject({
      method: 'POST',
      path: '/api/v1/dynamic-tables/t-people/records',
      body: { data: { title: 'Hello', amount: null, paid: false } },
    });
  });

  it('offers uploads on a saved record and refuses a file over 10 MB before sending it', async () => {
    const api = mockFetch();
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderWithCache(
      <RecordEditDialog
        table={TABLE}
        record={{ ...SAVED, data: { title: 'x', amount: null, paid: false, scan: [] } }}
        linkedTables={new Map()}
        onSaved={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('PNG, JPG, PDF, DOC up to 10MB')).toBeTruthy();
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.pdf', {
      type: 'application/pdf',
    });
    await userEvent.upload(screen.getByLabelText('Upload file for scan'), big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'File size exceeds 10MB limit. File size: 10.00MB',
    );
    expect(xhrOpen).not.toHaveBeenCalled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal next to the field and in the banner", async () => {
    mockFetch({
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'data', 'amount'],
            msg: "Field 'amount' must be a number.",
            type: 'value_error',
          },
        ],
      },
    });
    renderDialog();
    await userEvent.type(screen.getByLabelText(/title/), 'Hello');
    await userEvent.type(screen.getByLabelText('amount'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save Record' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Failed to save record. Field 'amount' must be a number.",
    );
    expect(screen.getAllByText(/must be a number/)).toHaveLength(2);
  });
});

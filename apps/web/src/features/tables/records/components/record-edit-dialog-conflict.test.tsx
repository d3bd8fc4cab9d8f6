import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTable, mockFetch, renderWithCache } from '../../test/render';
import { RecordEditDialog } from './record-edit-dialog';

const TABLE = makeTable({
  fields: [
    { name: 'title', label: 'Title', type: 'string', required: true },
    { name: 'amount', label: 'Amount', type: 'number', required: false },
    { name: 'paid', label: 'Paid', type: 'boolean', required: false },
  ],
});
const RECORD = {
  id: 'r1',
  table_id: TABLE.id,
  created_at: '',
  updated_at: '',
  version: 1,
  data: { title: 'Old title', amount: 5, paid: false },
  computed: { display_name: 'Old title', combinations: {} },
};
const stale = (data: Record<string, unknown>) => ({
  status: 412,
  body: {
    detail: 'This record was changed since you loaded it (it is now version 2).',
    code: 'record_changed',
    current: { ...RECORD, version: 2, data: { ...RECORD.data, ...data } },
  },
});

function renderDialog() {
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
  return onClose;
}

function ifMatchOf(api: ReturnType<typeof mockFetch>, index: number) {
  const init = api.fetchMock.mock.calls[index]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.['if-match'];
}

async function editTitleAndAmount() {
  await userEvent.clear(screen.getByLabelText(/Title/));
  await userEvent.type(screen.getByLabelText(/Title/), 'My title');
  await userEvent.clear(screen.getByLabelText('Amount'));
  await userEvent.type(screen.getByLabelText('Amount'), '7');
  await userEvent.click(screen.getByRole('button', { name: 'Save Record' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecordEditDialog when someone else saved the record first', () => {
  it('sends only the changed fields with If-Match', async () => {
    const api = mockFetch({ status: 200, body: { ...RECORD, version: 2 } });
    const onClose = renderDialog();
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save Record' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.request(0)).toMatchObject({
      method: 'PATCH',
      path: '/api/v1/dynamic-tables/t-people/records/r1',
      body: { data: { amount: 8 } },
    });
    expect(ifMatchOf(api, 0)).toBe('"1"');
  });

  it('keeps their change of another field and saves mine on top without asking', async () => {
    const api = mockFetch(stale({ paid: true }), { status: 200, body: RECORD });
    const onClose = renderDialog();
    await editTitleAndAmount();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('radio')).toBeNull();
    expect(api.request(1).body).toEqual({ data: { title: 'My title', amount: 7 } });
    expect(ifMatchOf(api, 1)).toBe('"2"');
  });

  it('asks per field changed by both, keep mine or take theirs, and saves the choice', async () => {
    const api = mockFetch(stale({ title: 'Their title' }), { status: 200, body: RECORD });
    const onClose = renderDialog();
    await editTitleAndAmount();

    expect(
      await screen.findByRole('heading', { name: 'Resolve Conflicting Changes' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Someone else saved this record while you were editing it.',
    );
    // Only Title was changed by both: Amount (only mine) is not asked about.
    const title = screen.getByRole('group', { name: 'Title' });
    expect(screen.queryByRole('group', { name: 'Amount' })).toBeNull();
    const mine = within(title).getByRole('radio', { name: 'Keep mine: My title' });
    const theirs = within(title).getByRole('radio', { name: 'Take theirs: Their title' });
    expect((mine as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(mine);

    await userEvent.click(theirs);
    await userEvent.click(screen.getByRole('button', { name: 'Save Choices' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.request(1)).toMatchObject({ method: 'PATCH', body: { data: { amount: 7 } } });
    expect(ifMatchOf(api, 1)).toBe('"2"');
  });

  it('goes back to the form with my values kept', async () => {
    const api = mockFetch(stale({ title: 'Their title' }));
    renderDialog();
    await editTitleAndAmount();
    await userEvent.click(await screen.findByRole('button', { name: 'Back to form' }));
    expect(screen.getByLabelText<HTMLInputElement>(/Title/).value).toBe('My title');
    expect(screen.getByRole('heading', { name: 'Edit Record' })).toBeTruthy();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });
});

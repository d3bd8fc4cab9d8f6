import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordHistoryPage } from '@formbridge/contract/record-history';
import { RECORD_HISTORY_MESSAGES } from '@formbridge/contract/record-history';
import type { RecordResponse } from '@formbridge/contract/records';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTable, mockFetch, renderWithCache } from '../../test/render';
import { RecordEditDialog } from './record-edit-dialog';
import { RecordViewDialog } from './record-view-dialog';

const TABLE = makeTable({
  fields: [
    { name: 'title', label: 'Title', type: 'string', required: true },
    { name: 'amount', label: 'Amount', type: 'number', required: false },
  ],
});
const RECORD: RecordResponse = {
  id: 'r1',
  table_id: TABLE.id,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 2,
  data: { title: 'Invoice', amount: 20 },
  computed: { display_name: 'Invoice', combinations: {} },
};
const HISTORY: RecordHistoryPage = {
  entries: [
    {
      id: 'e2',
      at: new Date(Date.now() - 3 * 60_000).toISOString(),
      actor: { kind: 'data_link', id: 'l1', name: 'Data link' },
      source: 'data_link',
      action: 'record.updated',
      changes: [
        { field: 'title', before: 'Draft', after: 'Invoice', restorable: true },
        { field: 'amount', before: '10', after: '20', restorable: true },
      ],
    },
    {
      id: 'e1',
      at: '2026-01-01T00:00:00Z',
      actor: { kind: 'user', id: 'u1', name: 'ada@example.com' },
      source: 'web',
      action: 'record.created',
      changes: [{ field: 'title', before: null, after: 'Draft', restorable: true }],
    },
  ],
  next_cursor: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEditor(onSaved = vi.fn()) {
  renderWithCache(
    <RecordEditDialog
      table={TABLE}
      record={RECORD}
      linkedTables={new Map()}
      onSaved={onSaved}
      onClose={vi.fn()}
    />,
  );
  return onSaved;
}

describe('record History tab', () => {
  it('lists changes newest first and restores one value as a new edit', async () => {
    const restored = { ...RECORD, version: 3, data: { title: 'Invoice', amount: 10 } };
    const api = mockFetch({ status: 200, body: HISTORY }, { status: 200, body: restored });
    const onSaved = renderEditor();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Record history' });
    const entries = within(list).getAllByRole('listitem', { name: /^(Edited|Created)/ });
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('Edited by Data link via Data link');
    expect(entries[0]?.textContent).toContain('3 minutes ago');
    expect(entries[0]?.textContent).toMatch(/Amount:10→20/);
    expect(screen.queryByRole('button', { name: 'Save Record' })).toBeNull();
    // A creation's before is empty everywhere: nothing offered to restore there.
    expect(within(entries[1]!).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(within(entries[0]!).getAllByRole('button', { name: /Restore/ })).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Restore this value of Amount' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(restored));
    expect(api.request(1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/dynamic-tables/t-people/records/r1/history/e2/restore',
      body: { fields: ['amount'] },
    });
  });

  it('asks before restoring a version and shows why a restore was refused', async () => {
    const detail = RECORD_HISTORY_MESSAGES.linkGone('employer', 'Acme');
    const api = mockFetch(
      { status: 200, body: HISTORY },
      { status: 409, body: { detail, code: 'restore_link_gone' } },
    );
    renderEditor();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const [restoreVersion] = await screen.findAllByRole('button', { name: 'Restore this version' });
    await userEvent.click(restoreVersion!);
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('2 fields go back');
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.click(within(question).getByRole('button', { name: 'Restore' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Failed to restore. ${detail}`);
    expect(api.request(1).body).toEqual({ fields: ['title', 'amount'] });
  });

  it('gives a Viewer the record read-only: values and history, no inputs and no restore', async () => {
    mockFetch({ status: 200, body: HISTORY });
    renderWithCache(
      <RecordViewDialog table={TABLE} record={RECORD} linkedTables={new Map()} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('dialog', { name: 'View Record' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.getByText('Invoice')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('list', { name: 'Record history' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});

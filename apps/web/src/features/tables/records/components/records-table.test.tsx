import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDS_PAGE_SIZE } from '../api/records-api';
import { makeTable, mockFetch, renderWithCache } from '../../test/render';
import { RecordsTable } from './records-table';

const TABLE = makeTable({
  fields: [{ name: 'name', label: 'name', type: 'string', required: true }],
  record_count: 2_500,
});

const page = (offset: number, size: number) =>
  Array.from({ length: size }, (_, index) => ({
    id: `record-${offset + index + 1}`,
    table_id: TABLE.id,
    created_at: '',
    updated_at: '',
    data: { name: `Row ${offset + index + 1}` },
    computed: { display_name: `Row ${offset + index + 1}`, combinations: {} },
  }));

function renderTable() {
  renderWithCache(
    <RecordsTable
      table={TABLE}
      recordCount={TABLE.record_count}
      linkedTables={new Map()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
}

// jsdom lays nothing out: give the grid's scroll box a screen's size so rows come into view.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  // Each measured row: 45 px high.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(45);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecordsTable', () => {
  it('reads only the page in view from the server, not the whole table', async () => {
    const api = mockFetch({ status: 200, body: page(0, RECORDS_PAGE_SIZE) });
    renderTable();
    const grid = screen.getByRole('region', { name: 'Records table' });
    expect(within(grid).getByRole('table').getAttribute('aria-rowcount')).toBe('2501');
    expect(await within(grid).findByRole('cell', { name: 'Row 1' })).toBeTruthy();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(api.request(0).path).toBe(
      `/api/v1/dynamic-tables/${TABLE.id}/records?limit=${RECORDS_PAGE_SIZE}&offset=0`,
    );
    // Only the rows in view are in the DOM, each from that page.
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeLessThan(60);
    expect(within(grid).queryByText('Loading...')).toBeNull();
  });

  it('says so in the rows when their page cannot be loaded', async () => {
    mockFetch({ status: 500, body: { detail: 'boom' } }, { status: 500, body: { detail: 'boom' } });
    renderTable();
    const grid = screen.getByRole('region', { name: 'Records table' });
    expect(
      (await within(grid).findAllByText('Failed to load table records')).length,
    ).toBeGreaterThan(0);
  });
});

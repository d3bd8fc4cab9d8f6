import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../../lib/query-keys';
import { makeTable, mockFetch, renderWithCache } from '../../test/render';
import { TableSchemaEditDialog } from './table-schema-edit-dialog';

const TABLE = makeTable({
  fields: [
    { name: 'first', label: 'first', type: 'string', required: true },
    { name: 'last', label: 'last', type: 'string', required: false },
    { name: 'phone', label: 'phone', type: 'string', required: false },
    { name: 'employer', label: 'employer', type: 'link', required: false, linked_table_id: 't-co' },
  ],
  combination_rules: [
    { name: 'full', label: 'Full', source_fields: ['first', 'last'], separator: ' ' },
  ],
  use_display_field: true,
  display_field_key: 'first',
});
const COMPANIES = makeTable({ id: 't-co', name: 'Companies' });
const RECORDS = [
  {
    id: 'r1',
    table_id: TABLE.id,
    created_at: '',
    updated_at: '',
    data: { first: 'Ada', phone: '123' },
    computed: { display_name: 'Ada', combinations: {} },
  },
  {
    id: 'r2',
    table_id: TABLE.id,
    created_at: '',
    updated_at: '',
    data: { first: 'Bob', phone: null },
    computed: { display_name: 'Bob', combinations: {} },
  },
];

function renderDialog(onClose = vi.fn()) {
  renderWithCache(<TableSchemaEditDialog table={TABLE} onClose={onClose} />, (client) => {
    client.setQueryData(queryKeys.tables.list, {
      tables: [TABLE, COMPANIES],
      isInvalidFormat: false,
    });
    client.setQueryData(queryKeys.tables.records(TABLE.id), RECORDS);
  });
  return onClose;
}

afterEach(() => vi.unstubAllGlobals());

describe('TableSchemaEditDialog', () => {
  it('renames with previous_name, asks before deleting values, then sends the confirmation', async () => {
    const api = mockFetch({ status: 200, body: { ...TABLE, dropped_mappings: [] } });
    const onClose = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Edit Table Schema' });
    const name = within(dialog).getByLabelText('Field 1 name');
    await userEvent.clear(name);
    await userEvent.type(name, 'given');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove field 3' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(
      within(dialog).getByText('These fields and their values will be deleted: phone'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/1 record has a value/)).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Fields and Save' }));
    expect(api.request(0)).toMatchObject({
      method: 'PUT',
      path: '/api/v1/dynamic-tables/t-people',
    });
    expect(api.request(0).body).toEqual({
      name: 'People',
      fields: [
        { name: 'given', label: 'given', type: 'string', required: true, previous_name: 'first' },
        { name: 'last', label: 'last', type: 'string', required: false, previous_name: 'last' },
        {
          name: 'employer',
          label: 'employer',
          type: 'link',
          required: false,
          linked_table_id: 't-co',
          previous_name: 'employer',
        },
      ],
      combination_rules: [
        {
          name: 'full',
          label: 'Full',
          source_fields: ['given', 'last'],
          separator: ' ',
          previous_name: 'full',
        },
      ],
      use_display_field: true,
      display_field_key: 'given',
      confirm_remove_fields: ['phone'],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('forgets the linked table when a field stops being a link', async () => {
    mockFetch();
    renderDialog();
    const type = screen.getByLabelText('Field 4 type');
    expect(screen.getByLabelText<HTMLSelectElement>('Field 4 linked table').value).toBe('t-co');
    await userEvent.selectOptions(type, 'string');
    expect(screen.queryByLabelText('Field 4 linked table')).toBeNull();
    await userEvent.selectOptions(type, 'link');
    expect(screen.getByLabelText<HTMLSelectElement>('Field 4 linked table').value).toBe('');
    expect(screen.getByRole('option', { name: 'Companies' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'People' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText("Field 'employer' is type 'link' but no linked table is selected."),
    ).toBeTruthy();
  });

  it("lists the server's conversion failures", async () => {
    mockFetch({
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'fields', 1, 'type'],
            msg: "Field 'last' cannot become Number: 1 record has a value that cannot be converted.",
            type: 'value_error',
          },
          {
            loc: ['body', 'fields', 1, 'type'],
            msg: "Record 'Ada' (r1...) has the value 'L'.",
            type: 'conversion_failed',
          },
        ],
      },
    });
    renderDialog();
    await userEvent.selectOptions(screen.getByLabelText('Field 2 type'), 'number');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update table')).toBeTruthy();
    expect(within(alert).getByText("Record 'Ada' (r1...) has the value 'L'.")).toBeTruthy();
    expect(screen.getAllByText(/cannot become Number/)).toHaveLength(2);
  });

  it('asks again when the stored table changed meanwhile and the server wants a confirmation', async () => {
    const withFax = {
      ...TABLE,
      fields: [
        ...TABLE.fields,
        { name: 'fax', label: 'fax', type: 'string' as const, required: false },
      ],
    };
    const api = mockFetch(
      {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'confirm_remove_fields'],
              msg: "Removing field 'fax' deletes its values from every record. Confirm the removal to continue.",
              type: 'confirmation_required',
            },
          ],
        },
      },
      { status: 200, body: withFax },
      { status: 200, body: { ...withFax, dropped_mappings: [] } },
    );
    const onClose = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('These fields and their values will be deleted: fax'),
    ).toBeTruthy();
    expect(api.request(1)).toMatchObject({
      method: 'GET',
      path: '/api/v1/dynamic-tables/t-people',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Fields and Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.request(2).body).toMatchObject({ confirm_remove_fields: ['fax'] });
  });
});

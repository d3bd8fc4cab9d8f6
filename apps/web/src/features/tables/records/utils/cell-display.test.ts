import type { Field } from '@formbridge/contract/tables';
import { describe, expect, it } from 'vitest';
import { getCellContent, type LinkedTableData } from './cell-display';

const field = (type: Field['type'], extra: Partial<Field> = {}): Field => ({
  name: 'f',
  label: 'f',
  type,
  required: false,
  ...extra,
});

const CLIENT_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const linked: LinkedTableData = {
  table: {
    id: 'clients',
    name: 'Clients',
    fields: [
      { name: 'code', type: 'string' },
      { name: 'name', type: 'string' },
    ],
    use_display_field: false,
    display_field_key: null,
  },
  recordsById: new Map([[CLIENT_ID, { id: CLIENT_ID, data: { code: 'C-1', name: 'Ada' } }]]),
};

describe('getCellContent (spec §4 cell display)', () => {
  it('shows a dash for no value, whatever the type', () => {
    for (const type of ['string', 'number', 'date', 'email', 'link'] as const) {
      expect(getCellContent(field(type), null)).toEqual({ kind: 'empty' });
      expect(getCellContent(field(type), '')).toEqual({ kind: 'empty' });
    }
  });

  it('writes booleans as Yes/No and numbers as they are', () => {
    expect(getCellContent(field('boolean'), true)).toEqual({ kind: 'text', text: 'Yes' });
    expect(getCellContent(field('boolean'), false)).toEqual({ kind: 'text', text: 'No' });
    expect(getCellContent(field('number'), 0)).toEqual({ kind: 'text', text: '0' });
    expect(getCellContent(field('number'), 1250.5)).toEqual({ kind: 'text', text: '1250.5' });
  });

  it('shows a calendar date in the local format without shifting the day', () => {
    const expected = new Date(Date.UTC(2025, 0, 31)).toLocaleDateString(undefined, {
      timeZone: 'UTC',
    });
    expect(getCellContent(field('date'), '2025-01-31')).toEqual({ kind: 'text', text: expected });
  });

  it('lists files, or none', () => {
    const file = {
      id: 'x',
      filename: 'scan.pdf',
      file_size: 3,
      field_name: 'f',
      content_type: 'application/pdf',
      created_at: '2025-01-01T00:00:00Z',
      file_path: '/api/v1/files/x?sig=1',
    };
    expect(getCellContent(field('file'), [file])).toEqual({ kind: 'files', files: [file] });
    expect(getCellContent(field('file'), [])).toEqual({ kind: 'files', files: [] });
    expect(getCellContent(field('file'), null)).toEqual({ kind: 'files', files: [] });
  });

  it("names a linked record by the linked table's rule and opens that record", () => {
    const link = field('link', { linked_table_id: 'clients' });
    expect(getCellContent(link, CLIENT_ID, linked)).toEqual({
      kind: 'link',
      text: 'Ada',
      to: `/tables/clients?record=${CLIENT_ID}`,
    });
  });

  it('shortens the id while the linked records are not loaded, or when the record is gone', () => {
    const link = field('link', { linked_table_id: 'clients' });
    expect(getCellContent(link, CLIENT_ID)).toEqual({
      kind: 'link',
      text: '0f1e2d3c...',
      to: `/tables/clients?record=${CLIENT_ID}`,
    });
    expect(getCellContent(link, 'short-id', linked)).toMatchObject({ text: 'short-id' });
  });
});

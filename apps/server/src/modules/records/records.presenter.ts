import { computeCombinationValues } from '@formbridge/contract/combination';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import type { RecordResponse } from '@formbridge/contract/records';
import { getEmptyValue, readValue } from '@formbridge/contract/records-values';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import { presentRecordFile, type StoredFile } from '../record-files/record-files.public.ts';
import type { StoredTable } from '../tables/tables.public.ts';
import type { KeptRecords } from './records.kept-records.ts';
import type { RecordRow } from './records.repo.ts';

/** Stored record data (file fields as id lists), for rules that read values. */
export function readRecordData(row: RecordRow): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

/**
 * A record as the API returns it (the contract's RecordResponse), built in exactly the schema's
 * key order: record routes send it with plain `JSON.stringify`.
 */
export function presentRecord(
  table: StoredTable,
  row: RecordRow,
  filesById: ReadonlyMap<string, StoredFile>,
  signer: UrlSigner,
): RecordResponse {
  const stored = readRecordData(row);
  const entries = table.fields.map((field): [string, unknown] => {
    const value = readValue(stored, field.name) ?? getEmptyValue(field.type);
    if (field.type !== 'file') {
      return [field.name, value];
    }
    const ids = Array.isArray(value) ? value : [];
    const files = ids.flatMap((id) => {
      const file = typeof id === 'string' ? filesById.get(id) : undefined;
      return file ? [presentRecordFile(file, signer)] : [];
    });
    return [field.name, files];
  });
  return {
    id: row.id,
    table_id: row.table_id,
    data: Object.fromEntries(entries),
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: Number(row.version),
    computed: {
      display_name: getRecordDisplayName(table, { id: row.id, data: stored }),
      combinations: computeCombinationValues(table, stored),
    },
  };
}

/**
 * The records as a JSON array, the bytes `JSON.stringify` writes for `presentRecord` of each;
 * a record's text comes from `kept` when it holds it, else it is presented and kept there.
 */
export function presentRecordsText(
  table: StoredTable,
  rows: readonly RecordRow[],
  filesById: ReadonlyMap<string, StoredFile>,
  signer: UrlSigner,
  kept?: KeptRecords,
): string {
  const texts = rows.map((row) => {
    let text = kept?.get(row.id);
    if (text === undefined) {
      text = JSON.stringify(presentRecord(table, row, filesById, signer));
      kept?.set(row.id, text);
    }
    return text;
  });
  return `[${texts.join(',')}]`;
}

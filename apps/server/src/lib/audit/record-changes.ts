import type { AuditChange } from '@formbridge/contract/audit';
import {
  getLinkedRecordLabel,
  shortenId,
  type DisplayNameTable,
} from '@formbridge/contract/display-name';
import { readValue } from '@formbridge/contract/records-values';
import type { Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';

/**
 * A record's values as the audit log shows them (text, null when empty) by field name, with the
 * stored value's JSON to compare by (kept in memory only: a hidden secret still shows a change).
 */
export type DescribedValues = Readonly<Record<string, { text: string | null; raw: string }>>;

// Field names that hold a secret: the log says that it changed, never what it was or became.
const SECRET_NAME = /pass(word|wd|code)|secret|token|api[_-]?key|pin$/i;
export const HIDDEN_VALUE = '(hidden)';

/** Whether a field holds a secret: its values are never recorded, as text or as stored. */
export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A record field's change as the event stores it: the text the log shows, and (since issue 32)
 * the stored values a restore writes back. Secrets keep no values; older events have none.
 */
export type StoredRecordChange = AuditChange & { before_value?: unknown; after_value?: unknown };

function formatSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const kb = bytes / 1024;
  return kb < 1024 ? `${kb.toFixed(1)} KB` : `${(kb / 1024).toFixed(1)} MB`;
}

function plainText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'string' || typeof value === 'number') {
    return String(value);
  }
  return JSON.stringify(value);
}

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * Describes a record's values for the log: file values by name and size, link values by the
 * linked record's label (spec §3 link cell), secrets hidden. Reads the files and linked records
 * in `trx`, so call it before a write for the "before" and after it for the "after".
 */
export async function describeRecordValues(
  trx: Db,
  ownerId: string,
  fields: readonly Field[],
  data: Readonly<Record<string, unknown>> | null,
): Promise<DescribedValues> {
  if (!data) {
    return {};
  }
  const [described] = await describeManyRecords(trx, ownerId, fields, [data]);
  return described ?? {};
}

/**
 * describeRecordValues for many records of one table at once (an import): one read of their
 * files and linked records for all of them, in chunks.
 */
export async function describeManyRecords(
  trx: Db,
  ownerId: string,
  fields: readonly Field[],
  records: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Promise<DescribedValues[]> {
  const fileIds = fields
    .filter((f) => f.type === 'file')
    .flatMap((f) => records.flatMap((data) => idsOf(readValue(data, f.name))));
  const linkIds = fields
    .filter((f) => f.type === 'link')
    .flatMap((f) => records.map((data) => readValue(data, f.name)))
    .filter((id): id is string => typeof id === 'string' && id !== '');
  const [files, links] = await Promise.all([
    inChunks(fileIds, (ids) => loadFiles(trx, ownerId, ids)),
    inChunks(linkIds, (ids) => loadLinkLabels(trx, ownerId, ids)),
  ]);
  return records.map((data) => describeWith(fields, data, files, links));
}

async function inChunks(
  ids: readonly string[],
  load: (ids: string[]) => Promise<Map<string, string>>,
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const all = new Map<string, string>();
  for (let start = 0; start < unique.length; start += 500) {
    for (const [id, text] of await load(unique.slice(start, start + 500))) {
      all.set(id, text);
    }
  }
  return all;
}

function describeWith(
  fields: readonly Field[],
  data: Readonly<Record<string, unknown>>,
  files: ReadonlyMap<string, string>,
  links: ReadonlyMap<string, string>,
): DescribedValues {
  const described: Record<string, { text: string | null; raw: string }> = {};
  for (const field of fields) {
    const value = readValue(data, field.name);
    let text: string | null;
    if (field.type === 'file') {
      const ids = idsOf(value);
      text =
        ids.length === 0
          ? null
          : ids.map((id) => files.get(id) ?? `file ${shortenId(id)}`).join(', ');
    } else if (field.type === 'link') {
      text =
        typeof value === 'string' && value !== '' ? (links.get(value) ?? shortenId(value)) : null;
    } else {
      text = plainText(value);
    }
    described[field.name] = {
      text: text !== null && isSecretField(field.name) ? HIDDEN_VALUE : text,
      raw: JSON.stringify(value ?? null),
    };
  }
  return described;
}

async function loadFiles(trx: Db, ownerId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await trx
    .selectFrom('record_files')
    .select(['id', 'filename', 'file_size'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [row.id, `${row.filename} (${formatSize(Number(row.file_size))})`]),
  );
}

async function loadLinkLabels(
  trx: Db,
  ownerId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await trx
    .selectFrom('table_records')
    .innerJoin('dynamic_tables', 'dynamic_tables.id', 'table_records.table_id')
    .select([
      'table_records.id',
      'table_records.data',
      'dynamic_tables.fields',
      'dynamic_tables.combination_rules',
      'dynamic_tables.use_display_field',
      'dynamic_tables.display_field_key',
    ])
    .where('table_records.owner_id', '=', ownerId)
    .where('table_records.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => {
      const table: DisplayNameTable = {
        fields: JSON.parse(row.fields) as DisplayNameTable['fields'],
        combination_rules: JSON.parse(
          row.combination_rules,
        ) as DisplayNameTable['combination_rules'],
        use_display_field: row.use_display_field === true || row.use_display_field === 1,
        display_field_key: row.display_field_key,
      };
      const data = JSON.parse(row.data) as Record<string, unknown>;
      return [row.id, getLinkedRecordLabel(table, { id: row.id, data })];
    }),
  );
}

/**
 * The fields whose described value differs, in the table's field order. A created record lists
 * its non-empty values (before null), a deleted one what it held (after null). Each change
 * keeps the stored values too (not for secrets), so history can restore them exactly.
 */
export function diffDescribed(
  fields: readonly Field[],
  before: DescribedValues,
  after: DescribedValues,
): StoredRecordChange[] {
  const changes: StoredRecordChange[] = [];
  // A creation's before is empty everywhere (its text says so): no values to keep, which keeps
  // an import's 50,000 events small.
  const isCreation = Object.keys(before).length === 0;
  for (const field of fields) {
    const was = before[field.name] ?? EMPTY;
    const now = after[field.name] ?? EMPTY;
    if (was.text !== now.text || (was.text !== null && was.raw !== now.raw)) {
      const change: StoredRecordChange = { field: field.name, before: was.text, after: now.text };
      if (!isCreation && !isSecretField(field.name)) {
        change.before_value = JSON.parse(was.raw) as unknown;
        change.after_value = JSON.parse(now.raw) as unknown;
      }
      changes.push(change);
    }
  }
  return changes;
}

const EMPTY = { text: null, raw: 'null' } as const;

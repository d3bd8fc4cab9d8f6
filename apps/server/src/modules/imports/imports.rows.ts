import { getLinkedRecordLabel, getRecordDisplayName } from '@formbridge/contract/display-name';
import type { ValidationIssue } from '@formbridge/contract/errors';
import {
  describeImportValueProblem,
  readImportCell,
  type ImportFormat,
} from '@formbridge/contract/import-formats';
import { RECORD_MESSAGES, validateRecordData } from '@formbridge/contract/records';
import type { Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';
import { listRecords } from '../records/records.public.ts';
import { findTable, type StoredTable } from '../tables/tables.public.ts';
import type { ColumnMapping } from './imports.columns.ts';
import { readCsvText } from '../../sheets/csv.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';

// 50,000 rows take a second or more to check: other requests are answered every so many rows.
const ROWS_BETWEEN_YIELDS = 1_000;

/** Enough to fix a file; the count of the rest is reported in one closing entry. */
const MAX_REPORTED_ISSUES = 200;

export type PreparedRows = {
  /** Record data ready to store, in file order. */
  records: Array<Record<string, unknown>>;
  issues: ValidationIssue[];
  blankRows: number;
};

type LinkIndex = { ids: Set<string>; byLabel: Map<string, string[]> };

/**
 * A link cell may hold the linked record's id, or its name as the export writes it (the link-cell
 * label) or as the display-name rule gives it, so an exported table imports back.
 */
async function buildLinkIndex(db: Db, ownerId: string, tableId: string): Promise<LinkIndex> {
  const row = await findTable(db, ownerId, tableId);
  const index: LinkIndex = { ids: new Set(), byLabel: new Map() };
  if (!row) {
    return index;
  }
  const table = row;
  // Locked for share: a record a cell resolves to cannot be deleted before the import commits.
  for (const record of await listRecords(db, ownerId, tableId, 'share')) {
    const data = record.data;
    index.ids.add(record.id);
    const labels = new Set([
      getLinkedRecordLabel(table, { id: record.id, data }),
      getRecordDisplayName(table, { id: record.id, data }),
    ]);
    for (const label of labels) {
      index.byLabel.set(label, [...(index.byLabel.get(label) ?? []), record.id]);
    }
  }
  return index;
}

function resolveLink(index: LinkIndex | undefined, text: string): string | null {
  if (!index) {
    return null;
  }
  if (index.ids.has(text)) {
    return text;
  }
  const matches = index.byLabel.get(text) ?? [];
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

async function indexLinkedTables(db: Db, table: StoredTable, mapping: ColumnMapping) {
  const mapped = new Set(Object.values(mapping));
  const indexes = new Map<string, LinkIndex>();
  for (const field of table.fields) {
    const target = field.linked_table_id;
    if (field.type === 'link' && mapped.has(field.name) && target && !indexes.has(target)) {
      indexes.set(target, await buildLinkIndex(db, table.owner_id, target));
    }
  }
  return indexes;
}

function linkIssue(field: Field, loc: ValidationIssue['loc'], text: string, index?: LinkIndex) {
  const isAmbiguous = (index?.byLabel.get(text)?.length ?? 0) > 1;
  return {
    loc,
    msg: isAmbiguous
      ? `Field '${field.name}': '${text}' matches several records in the linked table; use the record id.`
      : RECORD_MESSAGES.invalidValue(field.name, 'link'),
    type: 'value_error',
  };
}

/**
 * Turns CSV rows into record data: dates and numbers read in the import's format (date order,
 * decimal separator), then the record rules (Yes/No words, e-mails, required) and link cells.
 * Blank rows are skipped; every problem is reported at ['body', 'rows', row number, column].
 */
export async function prepareRows(
  db: Db,
  table: StoredTable,
  columns: readonly string[],
  rows: readonly string[][],
  mapping: ColumnMapping,
  format: ImportFormat,
): Promise<PreparedRows> {
  const typeOf = new Map(table.fields.map((field) => [field.name, field.type]));
  const columnOf = new Map(Object.entries(mapping).map(([column, field]) => [field, column]));
  const cellIndex = new Map(columns.map((column, index) => [column, index]));
  const links = await indexLinkedTables(db, table, mapping);
  const result: PreparedRows = { records: [], issues: [], blankRows: 0 };
  let problems = 0;
  const report = (issue: ValidationIssue) => {
    problems += 1;
    if (problems <= MAX_REPORTED_ISSUES) {
      result.issues.push(issue);
    }
  };
  for (const [index, cells] of rows.entries()) {
    if (index % ROWS_BETWEEN_YIELDS === ROWS_BETWEEN_YIELDS - 1) {
      await yieldToLoop();
    }
    const rowNumber = index + 2;
    if (cells.every((cell) => cell.trim() === '')) {
      result.blankRows += 1;
      continue;
    }
    const data: Record<string, unknown> = {};
    const unreadable = new Map<string, string>();
    for (const [column, field] of Object.entries(mapping)) {
      const text = readCsvText(cells[cellIndex.get(column) ?? -1] ?? '');
      const cell = readImportCell(typeOf.get(field) ?? 'string', text, format);
      data[field] = cell.value;
      // Digits in it: a date or number in another format, worth naming the format; 'x' is not.
      if (!cell.isReadable && /\d/.test(text)) {
        unreadable.set(field, text.trim());
      }
    }
    const checked = validateRecordData(table.fields, data, { locPrefix: [] });
    const locOf = (field: string) => ['body', 'rows', rowNumber, columnOf.get(field) ?? field];
    checked.errors.forEach((error) => {
      const field = String(error.loc[0]);
      const text = unreadable.get(field);
      const type = typeOf.get(field);
      const msg =
        text !== undefined && (type === 'date' || type === 'number')
          ? describeImportValueProblem(field, type, text, format)
          : error.msg;
      report({ ...error, msg, loc: locOf(field) });
    });
    const value = { ...checked.value };
    for (const field of table.fields) {
      const text = value[field.name];
      if (field.type === 'file') {
        value[field.name] = [];
      } else if (field.type === 'link' && typeof text === 'string') {
        const index = links.get(field.linked_table_id ?? '');
        const id = resolveLink(index, text);
        if (id === null) {
          report(linkIssue(field, locOf(field.name), text, index));
        }
        value[field.name] = id;
      }
    }
    result.records.push(value);
  }
  if (problems > MAX_REPORTED_ISSUES) {
    const more = problems - MAX_REPORTED_ISSUES;
    result.issues.push({
      loc: ['body', 'rows'],
      msg: `...and ${more} more ${more === 1 ? 'problem' : 'problems'} in the file.`,
      type: 'too_many_errors',
    });
  }
  return result;
}

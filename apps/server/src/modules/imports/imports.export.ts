import { computeCombinationValue } from '@formbridge/contract/combination';
import { getLinkedRecordLabel } from '@formbridge/contract/display-name';
import { sanitizeFileNamePart } from '@formbridge/contract/file-names';
import { readValue } from '@formbridge/contract/records-values';
import type { Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { listTableFiles } from '../record-files/record-files.public.ts';
import { listRecords, listRecordsByIds, type StoredRecord } from '../records/records.public.ts';
import { findTable, listTables, type StoredTable } from '../tables/tables.public.ts';
import { formatCsvRow, guardFormula } from '../../sheets/csv.ts';

type Data = Record<string, unknown>;
type CellFormatter = (value: unknown) => string;

/** Link labels by record id, for every link value in the rows (one query per 500 ids). */
async function loadLinkLabels(db: Db, table: StoredTable, rows: readonly StoredRecord[]) {
  const links = table.fields.filter((field) => field.type === 'link');
  if (links.length === 0) {
    return new Map<string, string>();
  }
  const ids = rows.flatMap((row) => {
    const data = row.data as Data;
    return links.map((field) => readValue(data, field.name)).filter((id) => typeof id === 'string');
  });
  const tables = new Map((await listTables(db, table.owner_id)).map((table) => [table.id, table]));
  const labels = new Map<string, string>();
  for (const record of await listRecordsByIds(db, table.owner_id, ids)) {
    const linked = tables.get(record.table_id);
    if (linked) {
      const data = record.data as Data;
      labels.set(record.id, getLinkedRecordLabel(linked, { id: record.id, data }));
    }
  }
  return labels;
}

function buildFormatter(
  field: Field,
  linkLabels: ReadonlyMap<string, string>,
  fileNames: ReadonlyMap<string, string>,
): CellFormatter {
  switch (field.type) {
    case 'boolean':
      return (value) => (value === true ? 'Yes' : value === false ? 'No' : '');
    case 'number':
      return (value) => (typeof value === 'number' ? String(value) : '');
    case 'file':
      return (value) =>
        (Array.isArray(value) ? value : [])
          .map((id) => fileNames.get(String(id)))
          .filter((name) => name !== undefined)
          .join(', ');
    case 'link':
      return (value) => (typeof value === 'string' ? (linkLabels.get(value) ?? '') : '');
    default:
      return (value) => (typeof value === 'string' ? value : '');
  }
}

/**
 * The table as CSV for spreadsheets: one column per field and per combination rule (named as in
 * the table), values as the records table shows them (Yes/No, file names, linked record names).
 * UTF-8 with a byte-order mark and CRLF line ends, which Excel needs to read it right.
 */
export async function exportTableCsv(
  ctx: AppContext,
  ownerId: string,
  tableId: string,
): Promise<{ filename: string; body: string }> {
  const row = await findTable(ctx.db, ownerId, tableId);
  if (!row) {
    throw notFound('Table');
  }
  const table = row;
  const records = await listRecords(ctx.db, ownerId, tableId);
  const linkLabels = await loadLinkLabels(ctx.db, table, records);
  const hasFiles = table.fields.some((field) => field.type === 'file');
  const files = hasFiles ? await listTableFiles(ctx.db, ownerId, tableId) : [];
  const fileNames = new Map(files.map((file) => [file.id, file.filename]));
  const formatters = table.fields.map((field) => buildFormatter(field, linkLabels, fileNames));
  const header = [
    ...table.fields.map((field) => field.name),
    ...table.combination_rules.map((rule) => rule.name),
  ];
  const lines = [formatCsvRow(header.map(guardFormula))];
  for (const record of records) {
    const data = record.data as Data;
    const cells = table.fields.map((field, index) =>
      (formatters[index] ?? String)(readValue(data, field.name)),
    );
    const combined = table.combination_rules.map((rule) => computeCombinationValue(rule, data));
    lines.push(formatCsvRow([...cells, ...combined].map(guardFormula)));
  }
  return {
    filename: `${sanitizeFileNamePart(table.name, 'Table')}.csv`,
    body: `\ufeff${lines.join('\r\n')}\r\n`,
  };
}

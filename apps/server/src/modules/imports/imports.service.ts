import {
  detectImportFormat,
  importFormatInputSchema,
  type ImportFormat,
} from '@formbridge/contract/import-formats';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import type { MultipartForm, UploadedFile } from '../../lib/uploads.ts';
import { isXlsx } from '../record-files/record-files.public.ts';
import { addRecords } from '../records/records.public.ts';
import { findTable, lockTable, type StoredTable } from '../tables/tables.public.ts';
import { nameColumns, readMapping, suggestMapping, type ColumnMapping } from './imports.columns.ts';
import { SheetRefusedError } from '../../lib/pdf-sandbox/sandbox-pool.ts';
import type { CsvDelimiter } from '../../sheets/csv.ts';
import type { ReadSheet } from '../../sheets/read-sheet.ts';
import { MAX_SHEET_CELLS, MAX_SHEET_COLUMNS } from '../../sheets/sheet-limits.ts';
import { prepareRows } from './imports.rows.ts';
import { recordAudit } from '../../lib/audit/record-audit.ts';
import { auditRecordsCreated } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';

/** Data rows one import may hold (the header is not counted). */
export const MAX_IMPORT_ROWS = 50_000;
export const PREVIEW_ROWS = 20;

export const IMPORT_FILE_MESSAGES = {
  fileRequired: 'A CSV or Excel (.xlsx) file is required',
  empty: 'The file has no header row.',
  xls: 'Old Excel workbooks (.xls) cannot be imported. In Excel choose File > Save As > Excel Workbook (.xlsx) or CSV UTF-8, then import that file.',
  notCsv: 'The file is not a CSV or Excel (.xlsx) file.',
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  tooManyCells: `The file has more than ${MAX_SHEET_CELLS.toLocaleString('en-US')} cells. Split it into smaller files.`,
  tooManyColumns: `The file has cells past column XFD, the last of ${MAX_SHEET_COLUMNS.toLocaleString('en-US')} columns a spreadsheet can have.`,
  tooLarge: 'The workbook is too large once unpacked. Split it into smaller files.',
  unsafe: (why: string) => `The file could not be read safely: ${why}.`,
} as const;

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type ParsedCsv = { delimiter: CsvDelimiter; columns: string[]; rows: string[][] };

function hasNul(bytes: Buffer): boolean {
  // UTF-16 text is full of NUL bytes; decodeCsv reads it when it starts with a byte-order mark.
  const isUtf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  return !isUtf16 && bytes.subarray(0, 64 * 1024).includes(0);
}

const fileIssue = (msg: string, row?: number) =>
  validationError([{ loc: row === undefined ? ['body', 'file'] : ['body', 'file', row], msg }]);

/** The answer to a sheet the sandbox refused: 413 past a size limit, 422 otherwise. */
function refusalAnswer(error: SheetRefusedError): AppError {
  const refusal = error.refusal;
  switch (refusal.kind) {
    case 'format':
      return fileIssue(refusal.message, refusal.row);
    case 'unsafe':
      return fileIssue(IMPORT_FILE_MESSAGES.unsafe(refusal.why));
    case 'limit':
      switch (refusal.limit) {
        case 'too-many-rows':
          return new AppError(413, IMPORT_FILE_MESSAGES.tooManyRows);
        case 'too-many-cells':
          return new AppError(413, IMPORT_FILE_MESSAGES.tooManyCells);
        case 'too-large':
          return new AppError(413, IMPORT_FILE_MESSAGES.tooLarge);
        case 'too-many-columns':
          return fileIssue(IMPORT_FILE_MESSAGES.tooManyColumns);
      }
  }
}

/**
 * Reads an uploaded CSV or .xlsx (first sheet) into a header and rows of text, in the sandbox
 * (never on the main thread): 415 for old .xls and binary files, 413 past the row, cell or
 * unpacked-size limits, 422 for a file that cannot be read.
 */
export async function readImportUpload(
  ctx: AppContext,
  file: UploadedFile | null,
): Promise<ParsedCsv> {
  if (!file) {
    throw fileIssue(IMPORT_FILE_MESSAGES.fileRequired);
  }
  if (file.bytes.subarray(0, 8).equals(OLE_SIGNATURE)) {
    throw new AppError(415, IMPORT_FILE_MESSAGES.xls);
  }
  const format = isXlsx(file.bytes) ? 'xlsx' : 'csv';
  if (format === 'csv' && hasNul(file.bytes)) {
    throw new AppError(415, IMPORT_FILE_MESSAGES.notCsv);
  }
  try {
    return toParsed(
      await ctx.pdfSandbox.readSheet(new Uint8Array(file.bytes), format, MAX_IMPORT_ROWS),
    );
  } catch (error) {
    throw error instanceof SheetRefusedError ? refusalAnswer(error) : error;
  }
}

function toParsed({ delimiter, grid }: ReadSheet): ParsedCsv {
  if (grid.header.every((cell) => cell.trim() === '')) {
    throw fileIssue(IMPORT_FILE_MESSAGES.empty);
  }
  return { delimiter, columns: nameColumns(grid.header, grid.columnIndexes), rows: grid.rows };
}

async function requireTable(ctx: AppContext, ownerId: string, tableId: string) {
  const row = await findTable(ctx.db, ownerId, tableId);
  if (!row) {
    throw notFound('Table');
  }
  return row;
}

// Enough rows to see a day over 12 or a decimal comma; detection never reads the whole file.
const DETECTION_ROWS = 200;

/**
 * The file's date order and decimal separator, read from the first rows. Every cell counts, not
 * only mapped ones: the preview detects before the user has chosen the columns.
 */
function detectFormat(csv: ParsedCsv) {
  const cells = csv.rows
    .slice(0, DETECTION_ROWS)
    .flat()
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '');
  return detectImportFormat(cells, cells, csv.delimiter);
}

/** The format the user chose in the form fields, else the one the file's first rows suggest. */
function readFormat(form: MultipartForm, detected: () => ImportFormat): ImportFormat {
  const parsed = importFormatInputSchema.safeParse({
    date_order: form.fields.date_order || undefined,
    decimal_separator: form.fields.decimal_separator || undefined,
  });
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({
        loc: [
          'body',
          ...issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
        ],
        msg:
          issue.path[0] === 'date_order'
            ? "date_order must be 'YMD', 'DMY' or 'MDY'"
            : "decimal_separator must be '.' or ','",
      })),
    );
  }
  const guess = parsed.data.date_order && parsed.data.decimal_separator ? null : detected();
  return {
    date_order: parsed.data.date_order ?? guess?.date_order ?? 'YMD',
    decimal_separator: parsed.data.decimal_separator ?? guess?.decimal_separator ?? '.',
  };
}

export type ImportPreview = {
  delimiter: CsvDelimiter;
  /** Date order and decimal separator read from the first rows; the dialog lets the user change them. */
  detected_format: ImportFormat;
  columns: string[];
  sample_rows: string[][];
  row_count: number;
  suggested_mapping: ColumnMapping;
};

/** What the import dialog shows before importing: columns, the first rows and a suggested mapping. */
export async function previewImport(
  ctx: AppContext,
  ownerId: string,
  tableId: string,
  form: MultipartForm,
): Promise<ImportPreview> {
  const table = await requireTable(ctx, ownerId, tableId);
  const csv = await readImportUpload(ctx, form.file);
  const rows = csv.rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const width = csv.columns.length;
  return {
    delimiter: csv.delimiter,
    detected_format: detectFormat(csv),
    columns: csv.columns,
    sample_rows: rows
      .slice(0, PREVIEW_ROWS)
      .map((cells) => Array.from({ length: width }, (_, index) => cells[index] ?? '')),
    row_count: rows.length,
    suggested_mapping: suggestMapping(csv.columns, table.fields),
  };
}

/** The mapping of this import: the form's, else the suggested one. */
function importMapping(table: StoredTable, csv: ParsedCsv, form: MultipartForm) {
  const raw = form.fields.mapping ?? JSON.stringify(suggestMapping(csv.columns, table.fields));
  return readMapping(raw, csv.columns, table.fields);
}

/** Whether a mapped column fills a link field (its cells are resolved to records). */
function hasLinkColumns(table: StoredTable, csv: ParsedCsv, form: MultipartForm): boolean {
  const linkFields = new Set(table.fields.filter((f) => f.type === 'link').map((f) => f.name));
  return Object.values(importMapping(table, csv, form).mapping).some((field) =>
    linkFields.has(field),
  );
}

function sameFields(before: StoredTable, now: StoredTable): boolean {
  return JSON.stringify(before.fields) === JSON.stringify(now.fields);
}

/** The rows as records of `table`; 422 listing every problem of the mapping or the rows. */
async function prepareImport(db: Db, table: StoredTable, csv: ParsedCsv, form: MultipartForm) {
  const { mapping, issues } = importMapping(table, csv, form);
  if (issues.length > 0) {
    throw validationError(issues);
  }
  const format = readFormat(form, () => detectFormat(csv));
  const prepared = await prepareRows(db, table, csv.columns, csv.rows, mapping, format);
  if (prepared.issues.length > 0) {
    throw validationError(prepared.issues);
  }
  return { table, prepared };
}

/**
 * Imports every row of a CSV as a record, or none: rows are validated with the record rules
 * first, and any problem is a 422 listing rows and columns. Without a `mapping` form field the
 * suggested mapping is used; without `date_order` / `decimal_separator` the detected format.
 */
export async function importRecords(
  ctx: AppContext,
  scope: AuditScope,
  tableId: string,
  form: MultipartForm,
): Promise<{ imported: number; skipped_blank_rows: number }> {
  const ownerId = scope.workspaceId;
  const table = await requireTable(ctx, ownerId, tableId);
  const csv = await readImportUpload(ctx, form.file);
  // Checked before the transaction: on SQLite it holds the one connection, so 50,000 rows
  // checked inside it kept every other request (health included) waiting for seconds. Cells
  // naming linked records are resolved under the transaction's locks, as before.
  const early = hasLinkColumns(table, csv, form)
    ? null
    : await prepareImport(ctx.db, table, csv, form);
  return ctx.db.transaction().execute(async (trx) => {
    // Under the lock the schema cannot change between validating the rows and inserting them.
    const locked = await lockTable(trx, ownerId, tableId);
    if (!locked) {
      throw notFound('Table');
    }
    const current = locked;
    const prepared =
      early && sameFields(early.table, current)
        ? early.prepared
        : (await prepareImport(trx, current, csv, form)).prepared;
    const ids = await addRecords(trx, current.owner_id, current.id, prepared.records);
    const importScope = { ...scope, actor: { ...scope.actor, source: 'import' as const } };
    // Each record's history starts here (issue 32); the table's event sums the import up.
    await auditRecordsCreated(
      trx,
      importScope,
      current,
      ids.map((id, index) => ({ id, data: prepared.records[index] ?? {} })),
    );
    await recordAudit(trx, importScope.actor, {
      workspaceId: ownerId,
      action: 'table.records_imported',
      target: { kind: 'table', id: current.id, name: current.name },
      changes: [
        { field: 'file', before: null, after: form.file?.filename ?? null },
        {
          field: 'records',
          before: String(current.record_count),
          after: String(Number(current.record_count) + prepared.records.length),
        },
      ],
    });
    await crashPoint('import-inserted');
    return { imported: prepared.records.length, skipped_blank_rows: prepared.blankRows };
  });
}

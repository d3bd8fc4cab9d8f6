import { CsvFormatError, decodeCsv, detectDelimiter, parseCsv, type CsvDelimiter } from './csv.ts';
import { toGrid, toSparseRow, type SheetGrid } from './sheet-grid.ts';
import { SheetLimitError, type SheetLimit } from './sheet-limits.ts';
import { parseXlsx, XlsxFormatError } from './xlsx.ts';

export type SheetFormat = 'csv' | 'xlsx';

/** An uploaded sheet read into the grid the import works on. */
export type ReadSheet = { delimiter: CsvDelimiter; grid: SheetGrid };

/** Why a sheet was not read, as data: it crosses from the sandbox worker to the request. */
export type SheetRefusal =
  | { kind: 'limit'; limit: SheetLimit }
  /** Not readable as its format; `row` is the CSV row (1-based) the problem is on. */
  | { kind: 'format'; message: string; row?: number };

/**
 * Reads a CSV (any delimiter and encoding decodeCsv knows) or the first sheet of an .xlsx into a
 * grid, within the sheet limits and at most `maxRows` data rows. Throws SheetLimitError,
 * CsvFormatError or XlsxFormatError; `refusalOf` turns them into a SheetRefusal.
 */
export function readSheet(bytes: Uint8Array, format: SheetFormat, maxRows: number): ReadSheet {
  if (format === 'xlsx') {
    return { delimiter: ',', grid: toGrid(parseXlsx(bytes, maxRows)) };
  }
  const text = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  const rows = parseCsv(text, delimiter, maxRows + 1);
  return { delimiter, grid: toGrid(rows.map(toSparseRow)) };
}

/** The refusal an error of readSheet stands for, or null for an error no sheet explains. */
export function refusalOf(error: unknown): SheetRefusal | null {
  if (error instanceof SheetLimitError) {
    return { kind: 'limit', limit: error.limit };
  }
  if (error instanceof CsvFormatError) {
    return { kind: 'format', message: error.message, row: error.row };
  }
  if (error instanceof XlsxFormatError) {
    return { kind: 'format', message: error.message };
  }
  return null;
}

import { readSheet } from 'read-excel-file/node';

/** The first sheet of an .xlsx workbook could not be read. */
export class XlsxFormatError extends Error {}

/** The sheet has more rows than one import may hold. */
export class XlsxTooManyRowsError extends Error {}

function isMidnight(date: Date): boolean {
  return (
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  );
}

/**
 * One cell as the CSV pipeline would have seen it: dates as YYYY-MM-DD (with the time only when
 * the cell has one), numbers and booleans as text, empty cells as ''.
 */
export function cellToText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (value instanceof Date) {
    const iso = value.toISOString();
    return isMidnight(value) ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/**
 * The first sheet of an .xlsx workbook as rows of text, so workbooks go through the same mapping,
 * validation and all-or-nothing import as CSV files; more than `maxRows` data rows is refused.
 */
export async function parseXlsx(bytes: Buffer, maxRows: number): Promise<string[][]> {
  let sheet: unknown;
  try {
    sheet = await readSheet(bytes);
  } catch (error) {
    throw new XlsxFormatError('The workbook could not be read. Save it again as .xlsx or CSV.', {
      cause: error,
    });
  }
  const rows = sheet as Array<unknown[] | null>;
  if (rows.length > maxRows + 1) {
    throw new XlsxTooManyRowsError();
  }
  return rows.map((row) => (row ?? []).map((cell) => cellToText(cell)));
}

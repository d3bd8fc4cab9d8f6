// The bounds every uploaded spreadsheet is read within. They hold while the file is read, so a
// hostile sheet stops at the first cell past a bound, not after it has filled the memory.

/** Columns a sheet may have: Excel's last column is XFD, the 16,384th. */
export const MAX_SHEET_COLUMNS = 16_384;

/**
 * Cells one import may hold, counted as a grid: each row up to its last non-empty cell, over the
 * columns the import keeps. 50,000 rows of 60 columns, or 3,000 rows of a 1,000-field table; a row
 * with one cell far to the right costs its whole width, so a sparse sheet cannot grow into a
 * dense one unnoticed.
 */
export const MAX_SHEET_CELLS = 3_000_000;

export type SheetLimit =
  /** More data rows than one import may hold. */
  | 'too-many-rows'
  /** A cell past column XFD. */
  | 'too-many-columns'
  /** More cells than MAX_SHEET_CELLS. */
  | 'too-many-cells'
  /** The workbook inflates past its byte or ratio cap (a zip bomb). */
  | 'too-large';

/** A bound the sheet went past; thrown from inside the reader so nothing more is read. */
export class SheetLimitError extends Error {
  readonly limit: SheetLimit;

  constructor(limit: SheetLimit) {
    super(`The sheet went past a limit: ${limit}`);
    this.name = 'SheetLimitError';
    this.limit = limit;
  }
}

/** "BC12" → 54 (0-based), or -1 when the reference has no column letters. Past XFD is refused. */
export function readColumnIndex(ref: string | undefined): number {
  const letters = /^[A-Z]+/i.exec(ref ?? '')?.[0];
  if (!letters) {
    return -1;
  }
  // Four letters is past XFD whatever they are: refused before the number can grow.
  if (letters.length > 3) {
    throw new SheetLimitError('too-many-columns');
  }
  let index = 0;
  for (const letter of letters.toUpperCase()) {
    index = index * 26 + letter.charCodeAt(0) - 64;
  }
  if (index > MAX_SHEET_COLUMNS) {
    throw new SheetLimitError('too-many-columns');
  }
  return index - 1;
}

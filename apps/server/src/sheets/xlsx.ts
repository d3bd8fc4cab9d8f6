import type { SparseRow } from './sheet-grid.ts';
import { MAX_SHEET_CELLS, readColumnIndex, SheetLimitError } from './sheet-limits.ts';
import {
  openPackage,
  parseXml,
  readSmallParts,
  readWorkbook,
  streamPart,
  type WorkbookPackage,
  type WorkbookParts,
} from './xlsx-parts.ts';

/** The first sheet of an .xlsx workbook could not be read. */
export class XlsxFormatError extends Error {}

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

type RawCell = { type: string; style: number; value: string };

// Built-in number formats that are dates or times (ECMA-376 §18.8.30).
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format is a date when, outside quoted text and [brackets], it has d, m, y, h or s. */
function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** The cell styles (by index) whose number format shows a date. */
function readDateStyles(pkg: WorkbookPackage, part: string | undefined): Set<number> {
  const xml = part === undefined ? undefined : readSmallParts(pkg, [part]).get(part);
  const dates = new Set<number>();
  if (xml === undefined) {
    return dates;
  }
  const customDates = new Set<number>();
  let inCellXfs = false;
  let xfIndex = 0;
  parseXml(xml, {
    open: (tag, attributes) => {
      if (tag === 'numFmt' && isDateFormatCode(attributes.formatCode ?? '')) {
        customDates.add(Number(attributes.numFmtId));
      } else if (tag === 'cellXfs') {
        inCellXfs = true;
      } else if (tag === 'xf' && inCellXfs) {
        const format = Number(attributes.numFmtId ?? 0);
        if (BUILT_IN_DATE_FORMATS.has(format) || customDates.has(format)) {
          dates.add(xfIndex);
        }
        xfIndex += 1;
      }
    },
    close: (tag) => {
      if (tag === 'cellXfs') {
        inCellXfs = false;
      }
    },
  });
  return dates;
}

/** One row's cells that have a value, in the order the sheet lists them. */
type RawRow = { columns: number[]; cells: RawCell[] };

/**
 * Reads the sheet's cells row by row, keeping only cells with a value (a row with one cell at XFD
 * is one entry, not 16,384). Stops at the first cell past `maxRows` data rows (plus the header),
 * past column XFD or past MAX_SHEET_CELLS, long before the rest of a huge sheet is inflated.
 */
function readSheetCells(
  pkg: WorkbookPackage,
  part: string,
  maxRows: number,
): Array<RawRow | undefined> {
  const rows: Array<RawRow | undefined> = [];
  let rowIndex = -1;
  let cellCount = 0;
  // The grid toGrid will lay out is at least this big: a row whose data sits under a wide header
  // (or past it) is refused here, after a few rows, not once the whole sheet is read.
  let headerWidth = 0;
  let gridCells = 0;
  const countRow = (row: RawRow | undefined) => {
    const last = (row?.columns ?? []).reduce((max, column) => Math.max(max, column), -1);
    if (rowIndex === 0) {
      headerWidth = last + 1;
      gridCells += headerWidth;
    } else {
      gridCells += last >= headerWidth ? headerWidth + 1 : last + 1;
    }
    if (gridCells > MAX_SHEET_CELLS) {
      throw new SheetLimitError('too-many-cells');
    }
  };
  let cell: (RawCell & { column: number }) | undefined;
  let inValue = false;
  let phonetic = 0;
  const found = streamPart(
    pkg,
    part,
    {
      open: (tag, attributes) => {
        if (tag === 'row') {
          const number = attributes.r === undefined ? rowIndex + 2 : Number(attributes.r);
          if (!Number.isSafeInteger(number) || number < 1) {
            throw new Error(`Row number '${attributes.r}' is not a row number`);
          }
          rowIndex = number - 1;
        } else if (tag === 'c') {
          if (rowIndex > maxRows) {
            // Thrown from inside the parser: not one more byte of the sheet is read.
            throw new SheetLimitError('too-many-rows');
          }
          const row = rows[rowIndex];
          const column = readColumnIndex(attributes.r);
          cell = {
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? 0),
            value: '',
            column: column >= 0 ? column : (row?.columns.at(-1) ?? -1) + 1,
          };
        } else if (tag === 'rPh') {
          phonetic += 1;
        } else if ((tag === 'v' || tag === 't') && cell && phonetic === 0) {
          inValue = true;
        }
      },
      text: (text) => {
        if (inValue && cell) {
          cell.value += text;
        }
      },
      close: (tag) => {
        if (tag === 'v' || tag === 't') {
          inValue = false;
        } else if (tag === 'row') {
          countRow(rows[rowIndex]);
        } else if (tag === 'rPh') {
          phonetic -= 1;
        } else if (tag === 'c' && cell) {
          const { column, ...raw } = cell;
          cell = undefined;
          if (raw.value === '') {
            return; // styled but empty: nothing to import, nothing to hold
          }
          cellCount += 1;
          if (cellCount > MAX_SHEET_CELLS) {
            throw new SheetLimitError('too-many-cells');
          }
          const row = (rows[rowIndex] ??= { columns: [], cells: [] });
          row.columns.push(column);
          row.cells.push(raw);
        }
      },
    },
    () => false,
  );
  if (!found) {
    throw new Error(`Not a workbook: ${part} is missing`);
  }
  return rows;
}

/** The shared strings the cells use, by index; the part is streamed and the rest skipped. */
function readSharedStrings(
  pkg: WorkbookPackage,
  part: string | undefined,
  needed: ReadonlySet<number>,
): Map<number, string> {
  const strings = new Map<number, string>();
  if (part === undefined || needed.size === 0) {
    return strings;
  }
  // Not Math.max(...needed): millions of arguments overflow the stack.
  let last = 0;
  for (const index of needed) {
    last = Math.max(last, index);
  }
  let index = -1;
  let text = '';
  let inText = false;
  let phonetic = 0;
  streamPart(
    pkg,
    part,
    {
      open: (tag) => {
        if (tag === 'si') {
          index += 1;
          text = '';
        } else if (tag === 'rPh') {
          phonetic += 1;
        } else if (tag === 't' && phonetic === 0) {
          inText = true;
        }
      },
      text: (chunk) => {
        if (inText) {
          text += chunk;
        }
      },
      close: (tag) => {
        if (tag === 't') {
          inText = false;
        } else if (tag === 'rPh') {
          phonetic -= 1;
        } else if (tag === 'si' && needed.has(index)) {
          strings.set(index, text);
        }
      },
    },
    () => index > last,
  );
  return strings;
}

/** An Excel serial day number as a UTC date (1900 system, or 1904 when the workbook says so). */
function fromExcelSerial(serial: number, date1904: boolean): Date {
  const days = serial + (date1904 ? 1462 : 0) - 25569;
  return new Date(Math.round(days * 86_400_000));
}

type CellContext = {
  strings: ReadonlyMap<number, string>;
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
};

function cellValue(cell: RawCell, context: CellContext): unknown {
  switch (cell.type) {
    case 's':
      return context.strings.get(Number(cell.value)) ?? '';
    case 'b':
      return cell.value === '1' || cell.value === 'true';
    case 'str':
    case 'inlineStr':
    case 'e':
      return cell.value;
    case 'd':
      return cell.value === '' ? null : new Date(cell.value);
    default: {
      if (cell.value.trim() === '') {
        return null;
      }
      const number = Number(cell.value);
      if (Number.isNaN(number)) {
        return cell.value;
      }
      return context.dateStyles.has(cell.style)
        ? fromExcelSerial(number, context.date1904)
        : number;
    }
  }
}

/**
 * The first sheet of an .xlsx workbook as sparse rows of text (index = row, header first), so
 * workbooks go through the same mapping, validation and all-or-nothing import as CSV files. The
 * sheet is streamed within the limits of sheet-limits.ts and the inflate budget: the first cell
 * past one throws SheetLimitError; a damaged package throws XlsxFormatError.
 */
export function parseXlsx(bytes: Uint8Array, maxRows: number): SparseRow[] {
  let parts: WorkbookParts;
  let raw: Array<RawRow | undefined>;
  let context: CellContext;
  try {
    const pkg = openPackage(bytes);
    parts = readWorkbook(pkg);
    raw = readSheetCells(pkg, parts.sheet, maxRows);
    const needed = new Set<number>();
    for (const row of raw) {
      row?.cells.forEach((cell) => cell.type === 's' && needed.add(Number(cell.value)));
    }
    context = {
      strings: readSharedStrings(pkg, parts.sharedStrings, needed),
      dateStyles: readDateStyles(pkg, parts.styles),
      date1904: parts.date1904,
    };
  } catch (error) {
    if (error instanceof SheetLimitError) {
      throw error;
    }
    throw new XlsxFormatError('The workbook could not be read. Save it again as .xlsx or CSV.', {
      cause: error,
    });
  }
  return Array.from(raw, (row) => ({
    columns: row?.columns ?? [],
    texts: row?.cells.map((cell) => cellToText(cellValue(cell, context))) ?? [],
  }));
}

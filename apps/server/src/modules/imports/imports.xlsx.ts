import {
  parseXml,
  readSmallParts,
  readWorkbook,
  streamPart,
  type WorkbookParts,
} from './imports.xlsx-parts.ts';

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
function readDateStyles(bytes: Uint8Array, part: string | undefined): Set<number> {
  const xml = part === undefined ? undefined : readSmallParts(bytes, [part]).get(part);
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

/** "BC12" → 54 (0-based column). */
function columnIndex(ref: string | undefined, fallback: number): number {
  const letters = /^[A-Z]+/i.exec(ref ?? '')?.[0];
  if (!letters) {
    return fallback;
  }
  return (
    [...letters.toUpperCase()].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1
  );
}

/**
 * Reads the sheet's cells row by row and stops at the first cell past `maxRows` data rows (plus
 * the header), long before the rest of a huge sheet is inflated.
 */
function readSheetCells(
  bytes: Uint8Array,
  part: string,
  maxRows: number,
): Array<Array<RawCell | null>> {
  const rows: Array<Array<RawCell | null>> = [];
  let rowIndex = -1;
  let cell: (RawCell & { column: number }) | undefined;
  let inValue = false;
  let phonetic = 0;
  const found = streamPart(
    bytes,
    part,
    {
      open: (tag, attributes) => {
        if (tag === 'row') {
          rowIndex = attributes.r ? Number(attributes.r) - 1 : rowIndex + 1;
        } else if (tag === 'c') {
          if (rowIndex > maxRows) {
            // Thrown from inside the parser: not one more byte of the sheet is read.
            throw new XlsxTooManyRowsError();
          }
          const row = rows[rowIndex] ?? [];
          cell = {
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? 0),
            value: '',
            column: columnIndex(attributes.r, row.length),
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
        } else if (tag === 'rPh') {
          phonetic -= 1;
        } else if (tag === 'c' && cell) {
          const row = (rows[rowIndex] ??= []);
          const { column, ...raw } = cell;
          row[column] = raw;
          cell = undefined;
        }
      },
    },
    () => false,
  );
  if (!found) {
    throw new Error(`Not a workbook: ${part} is missing`);
  }
  return Array.from(rows, (row) => Array.from(row ?? [], (one) => one ?? null));
}

/** The shared strings the cells use, by index; the part is streamed and the rest skipped. */
function readSharedStrings(
  bytes: Uint8Array,
  part: string | undefined,
  needed: ReadonlySet<number>,
): Map<number, string> {
  const strings = new Map<number, string>();
  if (part === undefined || needed.size === 0) {
    return strings;
  }
  const last = Math.max(...needed);
  let index = -1;
  let text = '';
  let inText = false;
  let phonetic = 0;
  streamPart(
    bytes,
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
 * The first sheet of an .xlsx workbook as rows of text, so workbooks go through the same mapping,
 * validation and all-or-nothing import as CSV files. The sheet is streamed: more than `maxRows`
 * data rows is refused as soon as the first row past the limit is read, not after the whole file.
 */
export function parseXlsx(bytes: Buffer, maxRows: number): string[][] {
  let parts: WorkbookParts;
  let raw: Array<Array<RawCell | null>>;
  let context: CellContext;
  try {
    parts = readWorkbook(bytes);
    raw = readSheetCells(bytes, parts.sheet, maxRows);
    const needed = new Set<number>();
    raw.forEach((row) =>
      row.forEach((cell) => cell?.type === 's' && needed.add(Number(cell.value))),
    );
    context = {
      strings: readSharedStrings(bytes, parts.sharedStrings, needed),
      dateStyles: readDateStyles(bytes, parts.styles),
      date1904: parts.date1904,
    };
  } catch (error) {
    if (error instanceof XlsxTooManyRowsError) {
      throw error;
    }
    throw new XlsxFormatError('The workbook could not be read. Save it again as .xlsx or CSV.', {
      cause: error,
    });
  }
  return raw.map((row) => row.map((cell) => (cell ? cellToText(cellValue(cell, context)) : '')));
}

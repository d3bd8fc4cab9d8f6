import { MAX_SHEET_COLUMNS, SheetLimitError } from './sheet-limits.ts';

// CSV as spreadsheets write it (RFC 4180 plus what Excel and LibreOffice actually produce): quoted
// fields with doubled quotes and line breaks inside, CRLF, LF or CR line ends, a byte-order mark,
// and ',' or ';' or tab between fields depending on the locale that saved it.

export type CsvDelimiter = ',' | ';' | '\t';

/** A file that cannot be read as CSV; `row` is its 1-based row number (the header is row 1). */
export class CsvFormatError extends Error {
  readonly row: number;
  constructor(message: string, row: number) {
    super(message);
    this.row = row;
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Decodes CSV bytes to text: UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order
 * mark (Excel's "Unicode text"), and otherwise Windows-1252, which older Excel versions write.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter used most often on the first line outside quotes; ',' when there is none. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  for (const char of text) {
    if (char === '"') {
      inQuotes = !inQuotes;
    } else if (!inQuotes && (char === '\n' || char === '\r')) {
      break;
    } else if (!inQuotes && (char === ',' || char === ';' || char === '\t')) {
      counts[char] += 1;
    }
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

/**
 * Splits CSV text into rows of cells. A quote opens a quoted cell only at the start of a cell
 * (elsewhere it is text); inside, '""' is a quote and line breaks are kept. A trailing line break
 * adds no row; blank lines are kept as rows with one empty cell, so row numbers match the file.
 * Throws CsvFormatError for a quote that is never closed, SheetLimitError past `maxRows` rows or
 * past column XFD, as soon as it is reached.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter, maxRows: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isCellStart = true;
  let index = 0;
  // Plain text runs up to the next delimiter, line break or quote are copied in one slice.
  const special = new RegExp(`[${delimiter === '\t' ? '\\t' : delimiter}\\r\\n"]`, 'g');
  const endCell = () => {
    row.push(cell);
    if (row.length > MAX_SHEET_COLUMNS) {
      throw new SheetLimitError('too-many-columns');
    }
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    if (rows.length > maxRows) {
      throw new SheetLimitError('too-many-rows');
    }
    row = [];
    cell = '';
    isCellStart = true;
  };
  while (index < text.length) {
    const char = text[index];
    if (char === '"' && isCellStart) {
      const startRow = rows.length + 1;
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) {
          throw new CsvFormatError(`Row ${startRow} has a quote that is never closed.`, startRow);
        }
        cell += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      isCellStart = false;
    } else if (char === delimiter) {
      endCell();
      cell = '';
      isCellStart = true;
      index += 1;
    } else if (char === '\r' || char === '\n') {
      endRow();
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
    } else {
      special.lastIndex = index + 1;
      const end = special.exec(text)?.index ?? text.length;
      cell += text.slice(index, end);
      isCellStart = false;
      index = end;
    }
  }
  if (cell !== '' || row.length > 0 || !isCellStart) {
    endRow();
  }
  return rows;
}

const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;
// A cell that starts like a formula runs as one when a spreadsheet opens the file (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Makes text safe to open in a spreadsheet: a value that starts like a formula ('=', '+', '-',
 * '@', tab, CR) and is not a plain number gets a leading apostrophe, which spreadsheets show as
 * text. readCsvText removes it again on import.
 */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** A cell as the user meant it: undoes guardFormula. */
export function readCsvText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One CSV line (no line end), quoting cells that need it. */
export function formatCsvRow(cells: readonly string[]): string {
  return cells
    .map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(',');
}

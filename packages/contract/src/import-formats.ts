import { z } from 'zod';
import { formatIsoDate, parseIsoDate } from './dates.ts';

// How one spreadsheet writes its dates and decimals. A file from Germany says 01.02.2020 and
// 3172,43, one from the US 2/1/2020 and 3,172.43; the user picks (or accepts the detected) order
// and separator per import, and these pure rules turn cells into what the table stores.

export const DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  YMD: 'Year first (2020-01-31)',
  DMY: 'Day first (31.01.2020, 31/01/2020)',
  MDY: 'Month first (01/31/2020)',
};
export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  '.': 'Point (1,234.56)',
  ',': 'Comma (1.234,56)',
};

export type ImportFormat = { date_order: DateOrder; decimal_separator: DecimalSeparator };
export const DEFAULT_IMPORT_FORMAT: ImportFormat = { date_order: 'YMD', decimal_separator: '.' };

/** The optional `date_order` and `decimal_separator` form fields of an import. */
export const importFormatInputSchema = z.object({
  date_order: z.enum(DATE_ORDERS).optional(),
  decimal_separator: z.enum(DECIMAL_SEPARATORS).optional(),
});

// Day, month and year in any order, split by - / . or a space; a time after the date (a
// spreadsheet's midnight) is ignored.
const DATE_PARTS = /^(\d{1,4})[-/. ](\d{1,2})[-/. ](\d{1,4})\.?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;

function toDay(year: number, month: number, day: number): string | null {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const date = parseIsoDate(text);
  return date ? formatIsoDate(date) : null;
}

/**
 * Reads a date cell in the given order to 'YYYY-MM-DD'; null when it is not a real date in that
 * order. A four-digit year first is read year-first whatever the order (it cannot be a day), so
 * ISO dates always import. Years are four digits: '01.02.20' is refused rather than guessed.
 */
export function parseDateInOrder(text: string, order: DateOrder): string | null {
  const match = DATE_PARTS.exec(text.trim());
  if (!match) {
    return null;
  }
  const [first, second, third] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  if (first.length === 4) {
    return third.length <= 2 ? toDay(Number(first), Number(second), Number(third)) : null;
  }
  if (third.length !== 4 || first.length > 2) {
    return null;
  }
  if (order === 'MDY') {
    return toDay(Number(third), Number(first), Number(second));
  }
  // YMD with a year last means the file is not year-first after all; day-first is the reading
  // everywhere outside North America.
  return toDay(Number(third), Number(second), Number(first));
}

const POINT_NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[-+]?\.\d+$/;
const COMMA_NUMBER = /^[-+]?(\d{1,3}([. '\u00a0\u202f]\d{3})+|\d+)(,\d+)?$|^[-+]?,\d+$/;
const PLAIN_EXPONENT = /^[-+]?\d+(\.\d+)?e[-+]?\d+$/i;

/**
 * Reads a number cell with the given decimal separator, allowing the other one (and, for comma
 * files, spaces and apostrophes) as thousands groups: '3172,43' and '1.234,5' with ','; '1,234.5'
 * with '.'. Null for anything else.
 */
export function parseNumberWithSeparator(text: string, separator: DecimalSeparator): number | null {
  const trimmed = text.trim();
  let normalized: string | null = null;
  if (PLAIN_EXPONENT.test(trimmed)) {
    normalized = trimmed;
  } else if (separator === '.' && POINT_NUMBER.test(trimmed)) {
    normalized = trimmed.replace(/,/g, '');
  } else if (separator === ',' && COMMA_NUMBER.test(trimmed)) {
    normalized = trimmed.replace(/[. '\u00a0\u202f]/g, '').replace(',', '.');
  }
  if (normalized === null) {
    return null;
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/**
 * Guesses a file's format from its first cells: the dates' order from a part over 12 or a
 * leading four-digit year (day-first for '.' dates, month-first for '/' when nothing decides),
 * the decimal separator from values like '3172,43' (a ';' delimited file leans to ',').
 */
export function detectImportFormat(
  dateCells: readonly string[],
  numberCells: readonly string[],
  delimiter = ',',
): ImportFormat {
  return {
    date_order: detectDateOrder(dateCells),
    decimal_separator: detectDecimalSeparator(numberCells, delimiter),
  };
}

function detectDateOrder(cells: readonly string[]): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  let slashes = 0;
  let dots = 0;
  let yearFirst = 0;
  for (const cell of cells) {
    const match = DATE_PARTS.exec(cell.trim());
    if (!match) {
      continue;
    }
    const [first, second] = [match[1] ?? '', Number(match[2])];
    if (first.length === 4) {
      yearFirst += 1;
      continue;
    }
    if (Number(first) > 12) {
      dayFirst += 1;
    } else if (second > 12) {
      monthFirst += 1;
    }
    slashes += cell.includes('/') ? 1 : 0;
    dots += cell.includes('.') ? 1 : 0;
  }
  if (dayFirst > 0 || monthFirst > 0) {
    return dayFirst >= monthFirst ? 'DMY' : 'MDY';
  }
  if (slashes + dots === 0) {
    return 'YMD';
  }
  return slashes > dots && yearFirst === 0 ? 'MDY' : 'DMY';
}

// '1,234' and '1.234' say nothing (a thousands group or three decimals); these do.
const COMMA_EVIDENCE = [
  /^[-+]?\d+,(\d{1,2}|\d{4,})$/,
  /^[-+]?\d{1,3}(\.\d{3})+,\d+$/,
  /^[-+]?\d{1,3}(\.\d{3}){2,}$/,
];
const POINT_EVIDENCE = [
  /^[-+]?\d+\.(\d{1,2}|\d{4,})$/,
  /^[-+]?\d{1,3}(,\d{3})+\.\d+$/,
  /^[-+]?\d{1,3}(,\d{3}){2,}$/,
];

function detectDecimalSeparator(cells: readonly string[], delimiter: string): DecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const raw of cells) {
    const cell = raw.trim();
    comma += COMMA_EVIDENCE.some((pattern) => pattern.test(cell)) ? 1 : 0;
    point += POINT_EVIDENCE.some((pattern) => pattern.test(cell)) ? 1 : 0;
  }
  if (comma !== point) {
    return comma > point ? ',' : '.';
  }
  return delimiter === ';' ? ',' : '.';
}

const DATE_ORDER_EXAMPLES: Record<DateOrder, string> = {
  YMD: 'year-month-day, like 2020-01-31',
  DMY: 'day-month-year, like 31.01.2020',
  MDY: 'month/day/year, like 01/31/2020',
};

/** Why an import cell was refused, in the terms of the format the user chose. */
export function describeImportValueProblem(
  fieldName: string,
  type: 'date' | 'number',
  text: string,
  format: ImportFormat,
): string {
  return type === 'date'
    ? `Field '${fieldName}': '${text}' is not a date written ${DATE_ORDER_EXAMPLES[format.date_order]}.`
    : `Field '${fieldName}': '${text}' is not a number with '${format.decimal_separator}' as the decimal separator.`;
}

/**
 * Reads one import cell for a field by the import's format: dates become 'YYYY-MM-DD', numbers
 * numbers. Other types, empty cells and unreadable values come back unchanged (the record rules
 * then judge them); `isReadable` says whether a date or number cell was understood.
 */
export function readImportCell(
  type: string,
  text: string,
  format: ImportFormat,
): { value: unknown; isReadable: boolean } {
  if (text.trim() === '' || (type !== 'date' && type !== 'number')) {
    return { value: text, isReadable: true };
  }
  const value =
    type === 'date'
      ? parseDateInOrder(text, format.date_order)
      : parseNumberWithSeparator(text, format.decimal_separator);
  return value === null ? { value: text, isReadable: false } : { value, isReadable: true };
}

import { parseIsoDate } from './dates.ts';
import { MONTH_NAMES, toTitleCase } from './transforms-locales.ts';
import type { Transform } from './transforms.ts';

// The three "format" transforms: dates by pattern tokens, numbers by layout, text by clean-up.

type DateTransform = Extract<Transform, { kind: 'date' }>;
type NumberTransform = Extract<Transform, { kind: 'number' }>;
type TextTransform = Extract<Transform, { kind: 'text' }>;

const DATE_TOKEN = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|DD|D/g;
const ISO_DAY_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The calendar day of a 'YYYY-MM-DD' value or an ISO timestamp; null for anything else. */
export function readDay(value: string): Date | null {
  const match = ISO_DAY_PREFIX.exec(value.trim());
  return match?.[1] ? parseIsoDate(match[1]) : null;
}

/** Writes a calendar day by pattern: 'MM/DD/YYYY' → '04/12/1990', 'D MMMM YYYY' in German → '12 April 1990'. */
export function formatDate(day: Date, transform: Pick<DateTransform, 'pattern' | 'locale'>) {
  const names = MONTH_NAMES[transform.locale];
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth();
  const date = day.getUTCDate();
  return transform.pattern.replace(DATE_TOKEN, (token, literal: string | undefined) => {
    switch (token) {
      case 'YYYY':
        return String(year).padStart(4, '0');
      case 'YY':
        return pad2(year % 100);
      case 'MMMM':
        return names.long[month] ?? '';
      case 'MMM':
        return names.short[month] ?? '';
      case 'MM':
        return pad2(month + 1);
      case 'M':
        return String(month + 1);
      case 'DD':
        return pad2(date);
      case 'D':
        return String(date);
      default:
        return literal ?? token;
    }
  });
}

/** A number from a number or plain decimal text; null otherwise. */
export function readNumber(value: string | number): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  const text = value.trim().replaceAll(' ', '');
  return NUMBER_TEXT.test(text) ? Number(text) : null;
}

function toFixedDigits(abs: number, decimals: number | null): string {
  if (decimals === null) {
    return abs >= 1e21 ? abs.toFixed(0) : String(abs);
  }
  if (abs >= 1e15) {
    return abs.toFixed(decimals);
  }
  // Exponent shifting rounds the decimal digits people see: 1.005 → 1.01, not toFixed's 1.00.
  const rounded = Number(`${Math.round(Number(`${abs}e${decimals}`))}e-${decimals}`);
  return rounded.toFixed(decimals);
}

/** Writes a number with the transform's decimals, separators, sign style and currency. */
export function formatNumber(value: number, transform: Omit<NumberTransform, 'kind'>): string {
  const digits = toFixedDigits(Math.abs(value), transform.decimals);
  const [whole = '0', fraction] = digits.split('.');
  const grouped = transform.grouping
    ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, transform.group_separator)
    : whole;
  let body =
    fraction === undefined ? grouped : `${grouped}${transform.decimal_separator}${fraction}`;
  if (transform.currency !== '') {
    body =
      transform.currency_position === 'before'
        ? `${transform.currency}${body}`
        : `${body} ${transform.currency}`;
  }
  const isNegative = value < 0 && /[1-9]/.test(digits);
  const isPositive = value > 0 && /[1-9]/.test(digits);
  switch (transform.sign) {
    case 'never':
      return body;
    case 'parentheses':
      return isNegative ? `(${body})` : body;
    case 'always':
      return isNegative ? `-${body}` : isPositive ? `+${body}` : body;
    default:
      return isNegative ? `-${body}` : body;
  }
}

/** Text clean-up in a fixed order: trim, digits only, case, pad, prefix/suffix, max characters. */
export function formatText(value: string, transform: Omit<TextTransform, 'kind'>): string {
  let text = value;
  if (transform.trim) {
    text = text.trim().replace(/\s+/g, ' ');
  }
  if (transform.digits_only) {
    text = text.replace(/\D/g, '');
  }
  if (transform.case === 'upper') {
    text = text.toLocaleUpperCase();
  } else if (transform.case === 'lower') {
    text = text.toLocaleLowerCase();
  } else if (transform.case === 'title') {
    text = toTitleCase(text);
  }
  const { pad } = transform;
  if (pad && text !== '') {
    text =
      pad.side === 'left' ? text.padStart(pad.length, pad.char) : text.padEnd(pad.length, pad.char);
  }
  if (text !== '') {
    text = `${transform.prefix}${text}${transform.suffix}`;
  }
  if (transform.max_chars !== null) {
    text = [...text].slice(0, transform.max_chars).join('');
  }
  return text;
}

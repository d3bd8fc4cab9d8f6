import { formatIsoDate, isIsoDate } from './dates.ts';
import { FILE_NAME_PART_LIMIT } from './limits.ts';

// Download names are built from user text (record and template names), so they must be safe on
// every file system without turning a Cyrillic or Japanese name into underscores.

// Reserved on Windows or in paths everywhere, plus control characters.
const ILLEGAL_CHARACTERS = /[<>:"/\\|?*\p{Cc}]/gu;
// Bidirectional overrides can make 'gpj.pdf' read as 'fdp.jpg'; they never belong in a file name.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// Leading dots hide files on Unix; trailing dots and spaces are dropped by Windows.
const EDGE_JUNK = /^[._]+|[._]+$/gu;

/**
 * Removes the bidirectional controls (U+202E right-to-left override and its kin) from a name:
 * 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf' in a file list.
 */
export function removeBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

export const RECORD_NAME_FALLBACK = 'Record';
export const TEMPLATE_NAME_FALLBACK = 'Form';

function cleanPart(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(BIDI_CONTROLS, '')
      .trim()
      // Tabs and line breaks are whitespace to a reader, so they become underscores before the
      // remaining control characters are dropped.
      .replace(/\s+/gu, '_')
      .replace(ILLEGAL_CHARACTERS, '')
      .replace(/_{2,}/g, '_')
      .replace(EDGE_JUNK, '')
  );
}

/**
 * Makes one part of a file name safe: illegal and control characters removed, whitespace runs
 * turned into one underscore, leading and trailing dots and underscores dropped, at most 100
 * characters (counted as characters, so an emoji or a CJK letter is never split). Letters of any
 * script are kept. Returns `fallback` when nothing is left.
 */
export function sanitizeFileNamePart(text: string, fallback: string): string {
  const cleaned = cleanPart(text);
  // Array.from walks code points; slicing the string could cut a surrogate pair in half.
  const limited = cleanPart(Array.from(cleaned).slice(0, FILE_NAME_PART_LIMIT).join(''));
  return limited === '' ? fallback : limited;
}

/** The 'YYYY-MM-DD' part of a download name, from a Date, an ISO timestamp or a day string. */
function toDatePart(date: Date | string): string {
  if (typeof date === 'string' && isIsoDate(date)) {
    return date;
  }
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) {
    throw new RangeError(`Not a date: ${String(date)}`);
  }
  return formatIsoDate(instant);
}

/**
 * The download file name of a completed form (spec §3): sanitised record name, template name and
 * the UTC date joined by underscores, ending in .pdf — e.g. 'Jane_Doe_W-9_2025-01-05.pdf'.
 * Empty parts fall back to 'Record' and 'Form'. Throws RangeError for an invalid date.
 */
export function buildDownloadFileName(
  recordName: string,
  templateName: string,
  date: Date | string,
): string {
  const recordPart = sanitizeFileNamePart(recordName, RECORD_NAME_FALLBACK);
  const templatePart = sanitizeFileNamePart(templateName, TEMPLATE_NAME_FALLBACK);
  return `${recordPart}_${templatePart}_${toDatePart(date)}.pdf`;
}

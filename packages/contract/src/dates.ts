// Date-only values ('YYYY-MM-DD') are calendar days, not instants: every helper here works in UTC
// so a day never shifts by the viewer's or the server's time zone.

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Parses a strict 'YYYY-MM-DD' calendar date to UTC midnight; null for anything else. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) {
    return null;
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; setting the year explicitly keeps '0099-01-01' right.
  date.setUTCFullYear(year);
  // Date rolls 2025-02-30 over to March; a real calendar date survives the round trip.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date;
}

/** True for a strict 'YYYY-MM-DD' string that names a real calendar date. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

/** Formats an instant as its UTC calendar day, 'YYYY-MM-DD'. */
export function formatIsoDate(date: Date): string {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/**
 * Formats a date like 'Jan 5, 2025' (the data-links Created column) in UTC. Accepts a Date, an
 * ISO 8601 timestamp or a 'YYYY-MM-DD' day; returns null when the value is not a date.
 */
export function formatShortDate(value: Date | string): string | null {
  const date = typeof value === 'string' ? (parseIsoDate(value) ?? new Date(value)) : value;
  if (Number.isNaN(date.getTime())) {
    return null;
  }
  const month = MONTH_ABBREVIATIONS[date.getUTCMonth()] ?? '';
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

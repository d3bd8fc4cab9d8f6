import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatShortDate, isIsoDate, parseIsoDate } from './dates.ts';

describe('isIsoDate', () => {
  it.each(['2025-01-05', '2024-02-29', '2000-02-29', '1999-12-31', '0099-01-01'])(
    'accepts the real calendar date %s',
    (value) => {
      expect(isIsoDate(value)).toBe(true);
    },
  );

  it.each([
    ['a day past the end of February', '2025-02-29'],
    ['a 1900 leap day (not a leap year)', '1900-02-29'],
    ['February 30', '2025-02-30'],
    ['April 31', '2025-04-31'],
    ['month 13', '2025-13-01'],
    ['month 00', '2025-00-10'],
    ['day 00', '2025-01-00'],
    ['year 0000', '0000-01-01'],
    ['single-digit month and day', '2025-1-5'],
    ['a timestamp', '2025-01-05T00:00:00Z'],
    ['surrounding spaces', ' 2025-01-05'],
    ['slashes', '2025/01/05'],
    ['US order', '01-05-2025'],
    ['an empty string', ''],
  ])('rejects %s', (_why, value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isIsoDate(20250105)).toBe(false);
    expect(isIsoDate(new Date('2025-01-05'))).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('parseIsoDate', () => {
  it('gives UTC midnight of the day', () => {
    expect(parseIsoDate('2025-01-05')?.toISOString()).toBe('2025-01-05T00:00:00.000Z');
  });

  it('keeps two-digit years as written instead of moving them to the 1900s', () => {
    expect(parseIsoDate('0099-03-01')?.getUTCFullYear()).toBe(99);
  });

  it('gives null for an impossible day', () => {
    expect(parseIsoDate('2023-02-29')).toBeNull();
  });
});

describe('formatIsoDate', () => {
  it('uses the UTC day, not the local one', () => {
    expect(formatIsoDate(new Date('2025-01-05T23:30:00-05:00'))).toBe('2025-01-06');
    expect(formatIsoDate(new Date('2025-01-05T00:30:00+02:00'))).toBe('2025-01-04');
  });

  it('pads month, day and year', () => {
    expect(formatIsoDate(new Date(Date.UTC(2025, 2, 7)))).toBe('2025-03-07');
  });
});

describe('formatShortDate', () => {
  it.each([
    ['2025-01-05', 'Jan 5, 2025'],
    ['2025-12-31T23:59:59Z', 'Dec 31, 2025'],
    ['2025-06-01T01:00:00+09:00', 'May 31, 2025'],
    ['2024-09-10T12:00:00.000Z', 'Sep 10, 2024'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatShortDate(value)).toBe(expected);
  });

  it('formats a Date in UTC', () => {
    expect(formatShortDate(new Date(Date.UTC(2025, 10, 22, 23)))).toBe('Nov 22, 2025');
  });

  it('gives null for something that is not a date', () => {
    expect(formatShortDate('soon')).toBeNull();
    expect(formatShortDate(new Date('nope'))).toBeNull();
  });
});

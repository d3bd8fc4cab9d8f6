import { describe, expect, it } from 'vitest';
import {
  detectImportFormat,
  parseDateInOrder,
  parseNumberWithSeparator,
} from './import-formats.ts';

describe('parseDateInOrder', () => {
  it('reads European, US and ISO dates in the chosen order', () => {
    expect(parseDateInOrder('01.02.2020', 'DMY')).toBe('2020-02-01');
    expect(parseDateInOrder('31/12/2020', 'DMY')).toBe('2020-12-31');
    expect(parseDateInOrder('1/2/2020', 'MDY')).toBe('2020-01-02');
    expect(parseDateInOrder('12/31/2020', 'MDY')).toBe('2020-12-31');
    expect(parseDateInOrder('2020-01-31', 'YMD')).toBe('2020-01-31');
  });

  it('always reads a year-first date, and ignores a midnight time after it', () => {
    expect(parseDateInOrder('2020-01-31', 'DMY')).toBe('2020-01-31');
    expect(parseDateInOrder('2020/1/5', 'MDY')).toBe('2020-01-05');
    expect(parseDateInOrder('05.01.2020 00:00', 'DMY')).toBe('2020-01-05');
  });

  it('refuses what is not a real day in that order, and two-digit years', () => {
    expect(parseDateInOrder('12/31/2020', 'DMY')).toBeNull();
    expect(parseDateInOrder('31/12/2020', 'MDY')).toBeNull();
    expect(parseDateInOrder('30.02.2020', 'DMY')).toBeNull();
    expect(parseDateInOrder('01.02.20', 'DMY')).toBeNull();
    expect(parseDateInOrder('next Tuesday', 'DMY')).toBeNull();
  });
});

describe('parseNumberWithSeparator', () => {
  it('reads comma decimals with dot, space or apostrophe thousands', () => {
    expect(parseNumberWithSeparator('3172,43', ',')).toBe(3172.43);
    expect(parseNumberWithSeparator('1.234,5', ',')).toBe(1234.5);
    expect(parseNumberWithSeparator('1 234 567,89', ',')).toBe(1234567.89);
    expect(parseNumberWithSeparator("1'234,5", ',')).toBe(1234.5);
    expect(parseNumberWithSeparator('-0,5', ',')).toBe(-0.5);
    expect(parseNumberWithSeparator('42', ',')).toBe(42);
  });

  it('reads point decimals with comma thousands', () => {
    expect(parseNumberWithSeparator('3,172.43', '.')).toBe(3172.43);
    expect(parseNumberWithSeparator('1e3', '.')).toBe(1000);
    expect(parseNumberWithSeparator('.5', '.')).toBe(0.5);
  });

  it('refuses the other convention instead of misreading it', () => {
    expect(parseNumberWithSeparator('3172,43', '.')).toBeNull();
    expect(parseNumberWithSeparator('1.234,5', '.')).toBeNull();
    expect(parseNumberWithSeparator('1,2,3', ',')).toBeNull();
    expect(parseNumberWithSeparator('12 apples', ',')).toBeNull();
  });
});

describe('detectImportFormat', () => {
  it('detects a German sheet', () => {
    expect(detectImportFormat(['01.01.2020', '15.03.2021'], ['3172,43', '12'], ';')).toEqual({
      date_order: 'DMY',
      decimal_separator: ',',
    });
  });

  it('detects a US sheet from a day over 12', () => {
    expect(detectImportFormat(['1/1/2020', '3/15/2021'], ['1,234.50'])).toEqual({
      date_order: 'MDY',
      decimal_separator: '.',
    });
  });

  it('keeps ISO dates and points when nothing says otherwise', () => {
    expect(detectImportFormat(['2020-01-01'], ['1,234', '7'])).toEqual({
      date_order: 'YMD',
      decimal_separator: '.',
    });
  });
});

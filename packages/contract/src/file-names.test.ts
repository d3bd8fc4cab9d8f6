import { describe, expect, it } from 'vitest';
import { buildDownloadFileName, sanitizeFileNamePart } from './file-names.ts';

describe('sanitizeFileNamePart', () => {
  it.each([
    ['Jane Doe', 'Jane_Doe'],
    ['  Jane   Doe  ', 'Jane_Doe'],
    ['Jane\tDoe\nJr', 'Jane_Doe_Jr'],
    ['a/b\\c:d*e?f"g<h>i|j', 'abcdefghij'],
    ['Acme, Inc. (2025)', 'Acme,_Inc._(2025)'],
    ['W-9 Form', 'W-9_Form'],
    ['Jane _ Doe', 'Jane_Doe'],
    ['...hidden', 'hidden'],
    ['report.', 'report'],
    ['_x_', 'x'],
    ['bell\u0007char', 'bellchar'],
    ['evil\u202egpj.pdf', 'evilgpj.pdf'],
  ])('turns %j into %j', (input, expected) => {
    expect(sanitizeFileNamePart(input, 'fallback')).toBe(expected);
  });

  it.each([
    ['Иван Петров', 'Иван_Петров'],
    ['山田 太郎', '山田_太郎'],
    ['Ελένη', 'Ελένη'],
    ['محمد علي', 'محمد_علي'],
  ])('keeps the letters of %s', (input, expected) => {
    expect(sanitizeFileNamePart(input, 'fallback')).toBe(expected);
  });

  it('composes decomposed accents (NFC)', () => {
    expect(sanitizeFileNamePart('Rene\u0301e', 'x')).toBe('Renée');
  });

  it.each(['', '   ', '///', '...', '_ _', '\u0000'])(
    'falls back when nothing is left of %j',
    (input) => {
      expect(sanitizeFileNamePart(input, 'Record')).toBe('Record');
    },
  );

  it('cuts a part to 100 characters', () => {
    expect(sanitizeFileNamePart('a'.repeat(150), 'x')).toBe('a'.repeat(100));
  });

  it('counts characters, so an emoji or CJK letter is never split', () => {
    const result = sanitizeFileNamePart('😀'.repeat(120), 'x');
    expect(Array.from(result)).toHaveLength(100);
    expect(result).toBe('😀'.repeat(100));
    expect(sanitizeFileNamePart('名'.repeat(101), 'x')).toBe('名'.repeat(100));
  });

  it('does not leave a trailing underscore or dot where the cut falls', () => {
    expect(sanitizeFileNamePart(`${'a'.repeat(99)} b`, 'x')).toBe('a'.repeat(99));
    expect(sanitizeFileNamePart(`${'a'.repeat(99)}.b`, 'x')).toBe('a'.repeat(99));
  });

  it('counts the limit after removing illegal characters', () => {
    expect(sanitizeFileNamePart(`${'/'.repeat(50)}${'b'.repeat(100)}`, 'x')).toBe('b'.repeat(100));
  });
});

describe('buildDownloadFileName', () => {
  it('joins record name, template name and date with underscores and ends in .pdf', () => {
    expect(buildDownloadFileName('Jane Doe', 'W-9 Form', '2025-01-05')).toBe(
      'Jane_Doe_W-9_Form_2025-01-05.pdf',
    );
  });

  it('takes the UTC day of a Date or a timestamp', () => {
    expect(buildDownloadFileName('A', 'B', new Date('2025-01-05T23:30:00-05:00'))).toBe(
      'A_B_2025-01-06.pdf',
    );
    expect(buildDownloadFileName('A', 'B', '2025-03-01T10:00:00.000Z')).toBe('A_B_2025-03-01.pdf');
  });

  it('keeps a Cyrillic record name Cyrillic', () => {
    expect(buildDownloadFileName('Иван Петров', 'Анкета', '2025-01-05')).toBe(
      'Иван_Петров_Анкета_2025-01-05.pdf',
    );
  });

  it('never has an empty part', () => {
    expect(buildDownloadFileName('  ', '???', '2025-01-05')).toBe('Record_Form_2025-01-05.pdf');
  });

  it('limits each name part to 100 characters', () => {
    const name = buildDownloadFileName('r'.repeat(300), 't'.repeat(300), '2025-01-05');
    expect(name).toBe(`${'r'.repeat(100)}_${'t'.repeat(100)}_2025-01-05.pdf`);
  });

  it('refuses an invalid date', () => {
    expect(() => buildDownloadFileName('A', 'B', 'someday')).toThrow(RangeError);
  });
});

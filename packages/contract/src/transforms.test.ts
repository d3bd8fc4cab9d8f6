import { describe, expect, it } from 'vitest';
import { describeTransform } from './transforms-describe.ts';
import { applyTransform, type TransformValue } from './transforms-evaluate.ts';
import { TRANSFORM_LOCALES } from './transforms-locales.ts';
import { transformSchema } from './transforms.ts';

const RECORD: Record<string, TransformValue> = {
  first_name: 'John',
  last_name: 'Doe',
  middle_name: 'quincy',
  nickname: null,
  'employer.Company Name': 'Acme',
};
const context = { lookup: (key: string) => RECORD[key] ?? null };

// Parsing first checks each input is a transform the API would accept.
function run(input: unknown, value: TransformValue) {
  return applyTransform(transformSchema.parse(input), value, context);
}

describe('date format', () => {
  it.each([
    ['MM/DD/YYYY', '04/12/1990'],
    ['DD.MM.YYYY', '12.04.1990'],
    ['YYYY-MM-DD', '1990-04-12'],
    ['M/D/YY', '4/12/90'],
    ['D MMMM YYYY', '12 April 1990'],
    ['MMM D, YYYY', 'Apr 12, 1990'],
    ['[Day] DD', 'Day 12'],
  ])('writes 1990-04-12 as %s → %s', (pattern, expected) => {
    expect(run({ kind: 'date', pattern }, '1990-04-12')).toEqual({ value: expected, note: null });
  });

  it.each([
    ['en', '5 March 2024'],
    ['de', '5 März 2024'],
    ['fr', '5 mars 2024'],
    ['es', '5 marzo 2024'],
    ['it', '5 marzo 2024'],
    ['pt', '5 março 2024'],
    ['nl', '5 maart 2024'],
    ['ru', '5 марта 2024'],
  ] as const)('writes month names in %s', (locale, expected) => {
    expect(run({ kind: 'date', pattern: 'D MMMM YYYY', locale }, '2024-03-05').value).toBe(
      expected,
    );
  });

  it('knows all twelve months in every language', () => {
    for (const locale of TRANSFORM_LOCALES) {
      const names = new Set(
        Array.from({ length: 12 }, (_unused, month) => {
          const iso = `2024-${String(month + 1).padStart(2, '0')}-01`;
          return run({ kind: 'date', pattern: 'MMMM', locale }, iso).value;
        }),
      );
      expect(names.size, locale).toBe(12);
    }
  });

  it('reads the day of a timestamp and keeps a non-date with a note', () => {
    expect(run({ kind: 'date', pattern: 'DD/MM/YYYY' }, '2025-11-25T21:00:00Z').value).toBe(
      '25/11/2025',
    );
    expect(run({ kind: 'date', pattern: 'DD/MM/YYYY' }, 'soon')).toEqual({
      value: 'soon',
      note: '"soon" is not a date; written as it is',
    });
    expect(run({ kind: 'date', pattern: 'DD/MM/YYYY' }, null)).toEqual({ value: null, note: null });
  });
});

describe('number format', () => {
  it.each([
    [{ decimals: 2 }, 1234.5, '1234.50'],
    [{ decimals: 2, grouping: true }, 1234567.891, '1,234,567.89'],
    [
      { decimals: 2, grouping: true, decimal_separator: ',', group_separator: '.' },
      1234.5,
      '1.234,50',
    ],
    [{ decimals: 0, grouping: true, group_separator: ' ' }, 1234567, '1 234 567'],
    [{ decimals: 2 }, 1.005, '1.01'],
    [{ decimals: 2, currency: '$' }, -12.3, '-$12.30'],
    [
      { decimals: 2, currency: '€', currency_position: 'after', decimal_separator: ',' },
      12.3,
      '12,30 €',
    ],
    [{ decimals: 2, sign: 'parentheses' }, -5, '(5.00)'],
    [{ sign: 'always' }, 7, '+7'],
    [{ sign: 'never' }, -7, '7'],
    [{ decimals: 2 }, -0.001, '0.00'],
    [{}, '42.5', '42.5'],
  ] as const)('%o writes %s as %s', (options, value, expected) => {
    expect(run({ kind: 'number', ...options }, value).value).toBe(expected);
  });

  it('keeps text that is not a number, with a note', () => {
    expect(run({ kind: 'number', decimals: 2 }, 'n/a')).toEqual({
      value: 'n/a',
      note: '"n/a" is not a number; written as it is',
    });
  });
});

describe('text format', () => {
  it.each([
    [{ case: 'upper' }, 'doe', 'DOE'],
    [{ case: 'lower' }, 'DOE', 'doe'],
    [{ case: 'title' }, 'mary-jane o connor', 'Mary-Jane O Connor'],
    [{}, '  two   spaces ', 'two spaces'],
    [{ trim: false }, ' a ', ' a '],
    [{ max_chars: 3 }, 'abcdef', 'abc'],
    [{ digits_only: true }, '+1 (555) 010-0199', '15550100199'],
    [{ prefix: '#', suffix: '/A' }, '12', '#12/A'],
    [{ pad: { length: 6, char: '0', side: 'left' } }, '42', '000042'],
    [{ pad: { length: 4, char: '*', side: 'right' } }, 'ab', 'ab**'],
  ] as const)('%o turns %s into %s', (options, value, expected) => {
    expect(run({ kind: 'text', ...options }, value).value).toBe(expected);
  });

  it('notes when nothing is left', () => {
    expect(run({ kind: 'text', digits_only: true }, 'none')).toEqual({
      value: null,
      note: '"none" has nothing left after the text format',
    });
  });
});

describe('template', () => {
  const template = '{last_name}, {first_name} {middle_name|first}';

  it('joins fields of the record and linked records', () => {
    expect(run({ kind: 'template', template }, null).value).toBe('Doe, John q');
    expect(
      run({ kind: 'template', template: '{first_name|upper} at {employer.Company Name}' }, null)
        .value,
    ).toBe('JOHN at Acme');
  });

  it('drops empty parts with their separators', () => {
    expect(
      run({ kind: 'template', template: '{last_name}, {nickname} {first_name}' }, null).value,
    ).toBe('Doe John');
    expect(run({ kind: 'template', template: '{nickname}, {first_name}' }, null).value).toBe(
      'John',
    );
    expect(
      run({ kind: 'template', template: 'Name: {first_name} {nickname|initial}.' }, null).value,
    ).toBe('Name: John.');
    expect(run({ kind: 'template', template: '{middle_name|initial}' }, null).value).toBe('Q.');
  });

  it('is empty with a note when every value is', () => {
    expect(run({ kind: 'template', template: 'x {nickname} y' }, null)).toEqual({
      value: null,
      note: 'Every value in the template is empty',
    });
  });
});

describe('part of a value', () => {
  const ssn = (index: number) =>
    ({ kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index }) as const;

  it('splits an SSN 3-2-4 with or without dashes', () => {
    expect([1, 2, 3].map((index) => run(ssn(index), '123-45-6789').value)).toEqual([
      '123',
      '45',
      '6789',
    ]);
    expect(run(ssn(3), '123456789').value).toBe('6789');
  });

  it('picks characters and groups', () => {
    expect(run({ kind: 'part', mode: 'chars', from: 4, to: 5 }, '123-45-6789').value).toBe('45');
    expect(
      run({ kind: 'part', mode: 'chars', from: 4, to: 5, ignore_separators: false }, '123-45')
        .value,
    ).toBe('-4');
    expect(run({ kind: 'part', mode: 'group', by: 'digits', index: 2 }, '1990-04-12').value).toBe(
      '04',
    );
    expect(
      run({ kind: 'part', mode: 'group', by: 'digits', index: 3 }, '(555) 010-0199').value,
    ).toBe('0199');
    expect(
      run({ kind: 'part', mode: 'group', by: 'words', index: 2 }, 'Jean Luc Picard').value,
    ).toBe('Luc');
  });

  it('notes a missing part', () => {
    expect(run({ kind: 'part', mode: 'group', by: 'digits', index: 4 }, '1990-04-12')).toEqual({
      value: null,
      note: '"1990-04-12" has 3 groups, not 4',
    });
    expect(run(ssn(3), '12345').note).toBe('"12345" is too short for group 3');
  });
});

describe('condition and value map', () => {
  it('ticks a checkbox when the value matches', () => {
    const married = { kind: 'condition', operator: 'equals', values: ['Married'] } as const;
    expect(run(married, 'married').value).toBe(true);
    expect(run(married, 'single').value).toBe(false);
    expect(run({ kind: 'condition', operator: 'one_of', values: ['a', 'b'] }, 'B').value).toBe(
      true,
    );
    expect(run({ kind: 'condition', operator: 'empty' }, '  ').value).toBe(true);
    expect(run({ kind: 'condition', operator: 'not_empty' }, null).value).toBe(false);
    expect(run({ kind: 'condition', operator: 'equals', values: ['yes'] }, true).value).toBe(true);
  });

  it('chooses a radio option when the value matches', () => {
    const input = { kind: 'condition', operator: 'equals', values: ['M'], option: 'Male' } as const;
    expect(run(input, 'm').value).toBe('Male');
    expect(run(input, 'F').value).toBeNull();
  });

  it('maps values to options and says when one is missing', () => {
    const entries = [
      { from: 'M', to: 'Male' },
      { from: 'F', to: 'Female' },
    ];
    expect(run({ kind: 'value_map', entries }, 'f').value).toBe('Female');
    expect(run({ kind: 'value_map', entries }, 'X')).toEqual({
      value: 'X',
      note: '"X" is not in the value map; written as it is',
    });
    expect(run({ kind: 'value_map', entries, otherwise: 'empty' }, 'X')).toEqual({
      value: null,
      note: '"X" is not in the value map',
    });
  });
});

describe('transform schema', () => {
  it.each([
    [{ kind: 'eval', code: 'x' }],
    [{ kind: 'date', pattern: '' }],
    [{ kind: 'date', pattern: 'DD.MM.YYYY', locale: 'xx' }],
    [{ kind: 'template', template: 'no placeholders' }],
    [{ kind: 'template', template: '{a|shout}' }],
    [{ kind: 'template', template: '{a} {b' }],
    [{ kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 4 }],
    [{ kind: 'part', mode: 'chars', from: 5, to: 2 }],
    [{ kind: 'condition', operator: 'equals' }],
    [{ kind: 'value_map', entries: [] }],
    [{ kind: 'number', grouping: true, decimal_separator: ',', group_separator: ',' }],
  ])('refuses %o', (input) => {
    expect(transformSchema.safeParse(input).success).toBe(false);
  });

  it.each([
    ['dd/mm/yyyy', 'at least one of YYYY'],
    ['[DD', "Close the literal text with ']'"],
    ['MM/DD/YYY', "Unknown in a date pattern: 'Y'"],
    ['Day DD', "Unknown in a date pattern: 'ay'"],
  ])('refuses the date pattern %s, saying why', (pattern, message) => {
    const parsed = transformSchema.safeParse({ kind: 'date', pattern });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
    expect(parsed.error?.issues[0]?.path).toEqual(['pattern']);
  });

  it('accepts date patterns with bracketed words and non-Latin text', () => {
    for (const pattern of ['[Day] DD', 'YYYY年MM月DD日', 'MMMM', 'D MMMM YYYY']) {
      expect(transformSchema.safeParse({ kind: 'date', pattern }).success, pattern).toBe(true);
    }
  });

  it('fills defaults', () => {
    expect(transformSchema.parse({ kind: 'date', pattern: 'MM/DD/YYYY' })).toEqual({
      kind: 'date',
      pattern: 'MM/DD/YYYY',
      locale: 'en',
    });
  });

  it('names each kind in one line', () => {
    const names = [
      { kind: 'date', pattern: 'D MMMM YYYY', locale: 'de' },
      { kind: 'number', decimals: 2, grouping: true },
      { kind: 'text', case: 'upper', max_chars: 10 },
      { kind: 'template', template: '{a}, {b}' },
      { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 1 },
      { kind: 'condition', operator: 'equals', values: ['married'] },
      { kind: 'value_map', entries: [{ from: 'M', to: 'Male' }] },
    ].map((input) => describeTransform(transformSchema.parse(input)));
    expect(names).toEqual([
      'Date D MMMM YYYY (de)',
      'Number like -1,234.50',
      'Text: upper case, at most 10 characters',
      'Template "{a}, {b}"',
      'Group 1 of 3-2-4',
      'When the value equals "married": tick',
      'Value map (1 entry)',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { SheetLimitError } from './sheet-limits.ts';
import {
  CsvFormatError,
  decodeCsv,
  detectDelimiter,
  formatCsvRow,
  guardFormula,
  parseCsv,
  readCsvText,
} from './csv.ts';

describe('parseCsv', () => {
  it.each([
    [
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r1,2\r',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['"x, y","say ""hi"""\n', [['x, y', 'say "hi"']]],
    ['"two\r\nlines",z\n', [['two\r\nlines', 'z']]],
    [
      'a,,c\n,\n',
      [
        ['a', '', 'c'],
        ['', ''],
      ],
    ],
    ['a\n\nb\n', [['a'], [''], ['b']]],
    ['5" pipe,x\n', [['5" pipe', 'x']]],
    ['"a"b,c', [['ab', 'c']]],
    ['""\n', [['']]],
    ['', []],
  ])('parses %j', (text, rows) => {
    expect(parseCsv(text, ',', 100)).toEqual(rows);
  });

  it('uses the given delimiter', () => {
    expect(parseCsv('a;b,c\n"1;2";3', ';', 10)).toEqual([
      ['a', 'b,c'],
      ['1;2', '3'],
    ]);
    expect(parseCsv('a\tb\n1\t2', '\t', 10)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reports a quote that is never closed with its row', () => {
    expect(() => parseCsv('a\nb\n"open,x\n', ',', 10)).toThrow(
      new CsvFormatError('Row 3 has a quote that is never closed.', 3),
    );
  });

  it('stops as soon as there are too many rows', () => {
    expect(() => parseCsv('a\nb\nc\n', ',', 2)).toThrow(SheetLimitError);
    expect(parseCsv('a\nb\n', ',', 2)).toHaveLength(2);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['name;age;"a,b"\n1;2;3', ';'],
    ['name,age\n', ','],
    ['name\tage\tx,y\n', '\t'],
    ['"a;b;c",d,e\n', ','],
    ['single', ','],
  ])('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('decodeCsv', () => {
  it('reads UTF-8 with and without a byte-order mark, UTF-16 and Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\ufeffPrénom', 'utf8'))).toBe('Prénom');
    expect(decodeCsv(Buffer.from('Prénom', 'utf8'))).toBe('Prénom');
    expect(
      decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zoë', 'utf16le')])),
    ).toBe('Zoë');
    expect(decodeCsv(Buffer.from([0x50, 0x72, 0xe9, 0x80]))).toBe('Pré€');
  });
});

describe('formatting', () => {
  it('quotes what needs quoting and round-trips through the parser', () => {
    const cells = ['plain', 'a,b', 'say "hi"', 'two\nlines', ' padded', 'semi;colon', ''];
    const line = formatCsvRow(cells);
    expect(line).toBe('plain,"a,b","say ""hi""","two\nlines"," padded","semi;colon",');
    expect(parseCsv(line, ',', 10)).toEqual([cells]);
  });

  it('guards formula-like text and reads it back', () => {
    expect(guardFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardFormula('@cmd')).toBe("'@cmd");
    expect(guardFormula('-5')).toBe('-5');
    expect(guardFormula('- item')).toBe("'- item");
    expect(guardFormula('Plain')).toBe('Plain');
    expect(readCsvText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(readCsvText("'quoted")).toBe("'quoted");
  });
});

describe('sheet limits on CSV', () => {
  it('refuses a row with more than 16,384 cells', () => {
    expect(() => parseCsv(','.repeat(16_384), ',', 10)).toThrow(
      expect.objectContaining({ limit: 'too-many-columns' }),
    );
    expect(parseCsv(','.repeat(16_383), ',', 10)[0]).toHaveLength(16_384);
  });
});

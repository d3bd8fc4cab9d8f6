import { describe, expect, it } from 'vitest';
import { decodePdfName, decodeUtf8, withReadableOptionLabels } from './pdf-names.ts';

describe('decodePdfName', () => {
  it('reads #xx escapes as UTF-8 bytes', () => {
    expect(decodePdfName('#e5#a5#b3#e6#80#a7')).toBe('女性');
    expect(decodePdfName('#E9#9D#9E#E4#BA#8C#E8#BF#9B#E5#88#B6')).toBe('非二进制');
    expect(decodePdfName('Choice#201')).toBe('Choice 1');
  });

  it('reads one-char-per-byte names as UTF-8 too', () => {
    expect(decodePdfName('S\u00c3\u00ad')).toBe('Sí');
  });

  it('falls back to PDFDocEncoding when the bytes are not UTF-8', () => {
    expect(decodePdfName('Caf#e9')).toBe('Café');
    expect(decodePdfName('#80 Option#8a')).toBe('• Option−');
    expect(decodePdfName('#a0')).toBe('€');
  });

  it('reads octal escapes and names escaped twice', () => {
    expect(decodePdfName('Yes\\040please')).toBe('Yes please');
    expect(decodePdfName('No#2320way')).toBe('No way');
    expect(decodePdfName('ge\\163chieden')).toBe('geschieden');
    expect(decodePdfName('C:\\9path')).toBe('C:\\9path');
  });

  it('leaves plain text alone, so decoding twice changes nothing', () => {
    for (const text of ['Yes', '女性', 'Item #12', '#zz', 'Café', '']) {
      expect(decodePdfName(text)).toBe(text);
      expect(decodePdfName(decodePdfName(text))).toBe(decodePdfName(text));
    }
  });
});

describe('withReadableOptionLabels', () => {
  it('decodes checkbox and radio labels, keeps their values and other fields as they are', () => {
    const rect = [0, 0, 10, 10] as [number, number, number, number];
    const fields = withReadableOptionLabels({
      gender: {
        type: 'radio',
        page: 0,
        rect,
        widgets: [{ page: 0, rect, on_value: '#e5#a5#b3#e6#80#a7' }],
        options: [{ value: '#e5#a5#b3#e6#80#a7', label: '#e5#a5#b3#e6#80#a7' }],
      },
      size: {
        type: 'dropdown',
        page: 0,
        rect,
        widgets: [],
        options: [{ value: 'n#20', label: 'Item #20' }],
      },
    });
    expect(fields.gender?.options).toEqual([{ value: '#e5#a5#b3#e6#80#a7', label: '女性' }]);
    expect(fields.gender?.widgets[0]?.on_value).toBe('#e5#a5#b3#e6#80#a7');
    expect(fields.size?.options).toEqual([{ value: 'n#20', label: 'Item #20' }]);
  });
});

describe('decodeUtf8', () => {
  it('decodes 1- to 4-byte sequences and refuses malformed ones', () => {
    const bytes = (...list: number[]) => Uint8Array.from(list);
    expect(decodeUtf8(bytes(0x41, 0xc3, 0xa9, 0xe5, 0xa5, 0xb3, 0xf0, 0x9f, 0x98, 0x80))).toBe(
      'Aé女😀',
    );
    expect(decodeUtf8(bytes(0xe9))).toBeNull(); // Latin-1 é
    expect(decodeUtf8(bytes(0xc0, 0xaf))).toBeNull(); // overlong '/'
    expect(decodeUtf8(bytes(0xed, 0xa0, 0x80))).toBeNull(); // surrogate
    expect(decodeUtf8(bytes(0xe5, 0xa5))).toBeNull(); // cut short
  });
});

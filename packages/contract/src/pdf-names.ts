import type { FieldDataDto } from './templates.ts';

// Readable text for PDF names (checkbox and radio states such as `/#e5#a5#b3#e6#80#a7`).
// A name is bytes: readers hand them over either as `#xx` escapes (pdf.js, pdftk) or one char
// per byte. Most producers write UTF-8 bytes, older ones PDFDocEncoding. The raw name stays the
// value written into the PDF; this is only what people read and what a record stores.

// PDFDocEncoding (ISO 32000-1, Annex D) where it differs from Latin-1.
const PDF_DOC_SPECIAL: Readonly<Record<number, string>> = {
  0x18: '\u02d8',
  0x19: '\u02c7',
  0x1a: '\u02c6',
  0x1b: '\u02d9',
  0x1c: '\u02dd',
  0x1d: '\u02db',
  0x1e: '\u02da',
  0x1f: '\u02dc',
  0x80: '\u2022',
  0x81: '\u2020',
  0x82: '\u2021',
  0x83: '\u2026',
  0x84: '\u2014',
  0x85: '\u2013',
  0x86: '\u0192',
  0x87: '\u2044',
  0x88: '\u2039',
  0x89: '\u203a',
  0x8a: '\u2212',
  0x8b: '\u2030',
  0x8c: '\u201e',
  0x8d: '\u201c',
  0x8e: '\u201d',
  0x8f: '\u2018',
  0x90: '\u2019',
  0x91: '\u201a',
  0x92: '\u2122',
  0x93: '\ufb01',
  0x94: '\ufb02',
  0x95: '\u0141',
  0x96: '\u0152',
  0x97: '\u0160',
  0x98: '\u0178',
  0x99: '\u017d',
  0x9a: '\u0131',
  0x9b: '\u0142',
  0x9c: '\u0153',
  0x9d: '\u0161',
  0x9e: '\u017e',
  0xa0: '\u20ac',
};

/**
 * Strict UTF-8 (no overlong forms, surrogates or values past U+10FFFF), or null. By hand: the
 * contract's types have neither the DOM's nor Node's TextDecoder.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  let text = '';
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    const [length, min] =
      lead < 0x80
        ? [1, 0]
        : lead >= 0xc2 && lead < 0xe0
          ? [2, 0x80]
          : lead >= 0xe0 && lead < 0xf0
            ? [3, 0x800]
            : lead >= 0xf0 && lead < 0xf5
              ? [4, 0x10000]
              : [0, 0];
    if (length === 0 || index + length > bytes.length) {
      return null;
    }
    let code = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let offset = 1; offset < length; offset += 1) {
      const next = bytes[index + offset] ?? 0;
      if ((next & 0xc0) !== 0x80) {
        return null;
      }
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      return null;
    }
    text += String.fromCodePoint(code);
    index += length;
  }
  return text;
}

/** Bytes in PDFDocEncoding as text (bytes it leaves undefined pass through as Latin-1). */
export function decodePdfDocEncoding(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => PDF_DOC_SPECIAL[byte] ?? String.fromCharCode(byte)).join('');
}

function isPrintableAscii(byte: number): boolean {
  return byte >= 0x20 && byte < 0x7f;
}

/**
 * The bytes a name's text stands for, or null when it is already plain text: it holds a char
 * above U+00FF, or neither an escape nor a byte above 0x7F. Escapes are `#xx` and the octal
 * `\ddd` some producers copy from string syntax into names (`Yes\040please`). An escape that
 * would give a control character (`Item #12`) is not one and stays as typed.
 */
function nameBytes(text: string): Uint8Array | null {
  const codes = Array.from(text, (char) => char.codePointAt(0) ?? 0);
  if (codes.some((code) => code > 0xff)) {
    return null;
  }
  const bytes: number[] = [];
  let isEncoded = codes.some((code) => code >= 0x80);
  for (let index = 0; index < text.length; index += 1) {
    const escape =
      text[index] === '#'
        ? /^[0-9a-f]{2}$/i.exec(text.slice(index + 1, index + 3))
        : text[index] === '\\'
          ? /^[0-7]{3}/.exec(text.slice(index + 1, index + 4))
          : null;
    const byte = escape ? parseInt(escape[0], text[index] === '#' ? 16 : 8) : Number.NaN;
    if (escape && byte <= 0xff && (byte >= 0x80 || isPrintableAscii(byte))) {
      bytes.push(byte);
      isEncoded = true;
      index += escape[0].length;
    } else {
      bytes.push(text.charCodeAt(index));
    }
  }
  return isEncoded ? Uint8Array.from(bytes) : null;
}

function decodeOnce(text: string): string {
  const bytes = nameBytes(text);
  if (bytes === null) {
    return text;
  }
  return decodeUtf8(bytes) ?? decodePdfDocEncoding(bytes);
}

// Producers that escape a name twice write `#2320` for a space: decoded once it is still `#20`.
const MAX_ESCAPE_LAYERS = 3;

/**
 * Readable text of a PDF name given with `#xx` (or octal `\ddd`) escapes and/or one char per
 * byte: `#e5#a5#b3#e6#80#a7` → `女性`, `Caf#e9` → `Café` (not UTF-8, so PDFDocEncoding),
 * `No#2320way` → `No way` (escaped twice). Plain text comes back unchanged, so decoding twice
 * is harmless.
 */
export function decodePdfName(text: string): string {
  let decoded = text;
  for (let layer = 0; layer < MAX_ESCAPE_LAYERS; layer += 1) {
    const next = decodeOnce(decoded);
    if (next === decoded) {
      break;
    }
    decoded = next;
  }
  return decoded;
}

/**
 * Field data with the labels of checkbox and radio options readable. Their values are state
 * names, kept raw for writing; templates detected before labels were decoded carry the raw
 * name as label too, so every reader of stored field data goes through here.
 */
export function withReadableOptionLabels(fields: FieldDataDto): FieldDataDto {
  // fromEntries, not assignment: a field may be named `__proto__`.
  return Object.fromEntries(
    Object.entries(fields).map(([name, info]) => {
      const isButton = info.type === 'checkbox' || info.type === 'radio';
      if (!isButton || !info.options) {
        return [name, info];
      }
      const options = info.options.map((option) => ({
        value: option.value,
        label: decodePdfName(option.label),
      }));
      return [name, { ...info, options }];
    }),
  );
}

import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { decodeAscii85, hasPdfHeader, hasUsableTrailer } from './pdf-structure.ts';

const bytes = (text: string | Buffer): Uint8Array =>
  new Uint8Array(Buffer.isBuffer(text) ? text : Buffer.from(text, 'latin1'));

function xrefStreamPdf(filter: string, data: Buffer): Uint8Array {
  const head = `%PDF-1.5\n9 0 obj\n<< /Type /XRef /Size 10 /W [1 2 0] /Root 1 0 R /Filter ${filter} /Length ${data.length} >>\nstream\n`;
  return bytes(
    Buffer.concat([
      Buffer.from(head, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\nstartxref\n9\n%%EOF\n'),
    ]),
  );
}

describe('hasPdfHeader', () => {
  it('finds %PDF- at the start or after junk within the first 1024 bytes', () => {
    expect(hasPdfHeader(bytes('%PDF-1.7\n'))).toBe(true);
    expect(hasPdfHeader(bytes(`${'x'.repeat(1000)}%PDF-1.4`))).toBe(true);
  });

  it('rejects empty files, other formats and a header beyond 1024 bytes', () => {
    expect(hasPdfHeader(new Uint8Array())).toBe(false);
    expect(hasPdfHeader(bytes('PK\u0003\u0004 not a pdf'))).toBe(false);
    expect(hasPdfHeader(bytes(`${'x'.repeat(1024)}%PDF-1.4`))).toBe(false);
  });
});

describe('hasUsableTrailer', () => {
  it('accepts a classic trailer that names /Root', () => {
    expect(
      hasUsableTrailer(
        bytes('%PDF-1.4\nxref\n0 1\ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n9\n%%EOF'),
      ),
    ).toBe(true);
  });

  it('accepts a cross-reference stream whose data decodes', () => {
    expect(
      hasUsableTrailer(
        xrefStreamPdf('/FlateDecode', deflateSync(Buffer.from([1, 0, 15, 1, 0, 99]))),
      ),
    ).toBe(true);
    expect(hasUsableTrailer(xrefStreamPdf('[/ASCII85Decode]', Buffer.from('!<<*"!<<-m~>')))).toBe(
      true,
    );
  });

  it('rejects a file without any trailer or with an undecodable cross-reference stream', () => {
    expect(hasUsableTrailer(bytes('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'))).toBe(
      false,
    );
    // One fuzzed byte in ASCII85 data, as in the corpus' PDFBOX-3148-2-fuzzed.pdf.
    expect(
      hasUsableTrailer(
        xrefStreamPdf('[/ASCII85Decode]', Buffer.from('!<<*\u00b1"!<<-m~>', 'latin1')),
      ),
    ).toBe(false);
    expect(hasUsableTrailer(xrefStreamPdf('/FlateDecode', Buffer.from('not zlib at all')))).toBe(
      false,
    );
  });

  it('rejects a classic trailer without /Root', () => {
    expect(hasUsableTrailer(bytes('%PDF-1.4\ntrailer\n<< /Size 3 >>\n%%EOF'))).toBe(false);
  });
});

describe('decodeAscii85', () => {
  it('decodes groups, z and a partial final group', () => {
    expect(decodeAscii85(Buffer.from('87cURD]i,"Ebo7~>'))?.toString()).toBe('Hello World');
    expect([...(decodeAscii85(Buffer.from('z~>')) ?? [])]).toEqual([0, 0, 0, 0]);
  });
});

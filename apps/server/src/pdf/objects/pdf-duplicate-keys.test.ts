import { deflateSync } from 'node:zlib';
import { PDFContext, PDFDict, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  decodedData,
  membersOfStreamsRepeatingKeys,
  membersRepeatingKeys,
  objectsRepeatingKeys,
  repeatsKey,
} from './pdf-duplicate-keys.ts';

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('objects that name a dictionary key twice', () => {
  it('finds a repeated key at any depth, written plainly or with #xx escapes', () => {
    expect(repeatsKey(bytesOf('4 0 obj\n<< /F 4 /Type /Annot /F 4 >>\nendobj'), 0)).toBe(true);
    expect(repeatsKey(bytesOf('4 0 obj << /MK << /CA (4) /C#41 (5) >> >> endobj'), 0)).toBe(true);
    expect(repeatsKey(bytesOf('4 0 obj [ << /A 1 >> << /B 2 /B 3 >> ] endobj'), 0)).toBe(true);
  });

  it('does not take values, strings, references or stream data for keys', () => {
    const plain = [
      '1 0 obj << /Type /F /F /Type >> endobj',
      '1 0 obj << /P 5 0 R /T (a /T in a \\) string) /V <2f54> /Kids [/T /T] >> endobj',
      '1 0 obj << /Length 12 >>\nstream\n<< /A /A >>\nendstream endobj',
      '1 0 obj << /A 1 % /A in a comment\n/B 2 >> endobj',
    ];
    expect(plain.map((text) => repeatsKey(bytesOf(text), 0))).toEqual([false, false, false, false]);
  });

  it('reads each object from its own offset and lists the numbers in order', () => {
    const first = '7 0 obj << /F 4 /F 4 >> endobj\n';
    const second = '3 0 obj << /F 4 >> endobj\n';
    const third = '5 0 obj << /N 1 /N 2 >> endobj\n';
    const bytes = bytesOf(first + second + third);
    const offsets = new Map([
      [7, 0],
      [3, first.length],
      [5, first.length + second.length],
    ]);
    expect(objectsRepeatingKeys(bytes, offsets)).toEqual([5, 7]);
  });

  it("reads an object stream's members each up to the next, by the stream's own header", () => {
    const members = [
      '<< /F 4 /T (a) >>',
      '<< /F 4 /F 4 >>',
      '[ /F /F ]',
      '<< /A << /B 1 /B 2 >> >>',
    ];
    let header = '';
    let body = '';
    members.forEach((member, index) => {
      header += `${10 + index} ${body.length} `;
      body += member;
    });
    const data = bytesOf(`${header}\n${body}`);
    expect(membersRepeatingKeys(data, header.length + 1, members.length)).toEqual([11, 13]);
    // /N bounds the header: a fifth pair is not read.
    expect(membersRepeatingKeys(data, header.length + 1, 2)).toEqual([11]);
  });

  it("reads the chain's copy of an object stream, inflated or plain, not a stale one", () => {
    /** Object stream `number` holding `members` (numbered from 10), deflated when asked. */
    const objectStream = (number: number, members: string[], deflate: boolean) => {
      const header = members.map((_, index) => `${10 + index} ${index * 40}`).join(' ');
      const plain = Buffer.from(
        `${header}\n${members.map((member) => member.padEnd(40)).join('')}`,
      );
      const data = deflate ? deflateSync(plain) : plain;
      const filter = deflate ? '/Filter /FlateDecode ' : '';
      const dict = `<< /Type /ObjStm ${filter}/N ${members.length} /First ${header.length + 1} /Length ${data.length} >>`;
      return Buffer.concat([
        Buffer.from(`${number} 0 obj\n${dict}\nstream\n`),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    };
    const members = new Map([
      [10, 5],
      [11, 5],
    ]);
    for (const deflate of [true, false]) {
      const stale = objectStream(5, ['<< /F 4 >>', '<< /F 4 >>'], deflate);
      const current = objectStream(5, ['<< /F 4 >>', '<< /F 4 /F 4 >>'], deflate);
      const start = Buffer.from('%PDF-1.7\n');
      const file = new Uint8Array(Buffer.concat([start, stale, current]));
      const at = (offset: number) => ({ offsets: new Map([[5, offset]]), members });
      // The chain points at the later revision of stream 5: its member 11 repeats /F.
      expect(membersOfStreamsRepeatingKeys(file, at(start.length + stale.length))).toEqual([11]);
      expect(membersOfStreamsRepeatingKeys(file, at(start.length))).toEqual([]);
    }
  });

  it('decodes a damaged deflated stream as far as it goes, as the loader does', () => {
    const plain = Buffer.from('10 0 << /F 4 /F 4 >>'.padEnd(400, ' '));
    const whole = deflateSync(plain);
    // The checksum cut off: zlib refuses it, pdf-lib's inflate still reads the data.
    const cut = whole.subarray(0, whole.length - 4);
    const stream = (data: Uint8Array) =>
      PDFRawStream.of(
        PDFDict.fromMapWithContext(
          new Map([[PDFName.of('Filter'), PDFName.of('FlateDecode')]]),
          PDFContext.create(),
        ),
        data,
      );
    expect(Buffer.from(decodedData(stream(whole))).equals(plain)).toBe(true);
    expect(Buffer.from(decodedData(stream(cut))).toString('latin1')).toContain('/F 4 /F 4');
  });
});

import { describe, expect, it } from 'vitest';
import {
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

  it("reads the chain's copy of an object stream, not a stale one the loader kept", () => {
    /** An unfiltered object stream `number` holding `members` (numbered from 10). */
    const objectStream = (number: number, members: string[]) => {
      const header = members.map((_, index) => `${10 + index} ${index * 40}`).join(' ');
      const data = `${header}\n${members.map((member) => member.padEnd(40)).join('')}`;
      const text = `${number} 0 obj\n<< /Type /ObjStm /N ${members.length} /First ${header.length + 1} /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`;
      return { text, data: bytesOf(data), first: header.length + 1, count: members.length };
    };
    const current = objectStream(5, ['<< /F 4 >>', '<< /F 4 /F 4 >>']);
    const stale = objectStream(5, ['<< /F 4 >>', '<< /F 4 >>']);
    const file = bytesOf(`%PDF-1.7\n${current.text}`);
    const xref = {
      offsets: new Map([[5, '%PDF-1.7\n'.length]]),
      members: new Map([
        [10, 5],
        [11, 5],
      ]),
    };
    const loaded = (copy: typeof current) =>
      new Map([
        [5, { contents: copy.data, data: copy.data, first: copy.first, count: copy.count }],
      ]);
    expect(membersOfStreamsRepeatingKeys(file, xref)).toEqual([11]);
    expect(membersOfStreamsRepeatingKeys(file, xref, loaded(current))).toEqual([11]);
    // The loader met another stream 5 (an older revision): the chain's copy is read instead.
    expect(membersOfStreamsRepeatingKeys(file, xref, loaded(stale))).toEqual([11]);
  });
});

import { describe, expect, it } from 'vitest';
import { membersRepeatingKeys, objectsRepeatingKeys, repeatsKey } from './pdf-duplicate-keys.ts';

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
});

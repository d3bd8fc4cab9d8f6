import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildAllTypesForm } from './pdf-synthetic.ts';
import { checkStreamBounds } from './pdf-stream-bounds.ts';
import { PdfUnsafeError } from './pdf-unsafe.ts';

const MB = 1024 * 1024;
const BOUNDS = { perStreamBytes: 1 * MB, totalBytes: 3 * MB };

/** Bytes shaped like PDF stream objects whose data inflates to the given sizes. */
function withStreams(sizes: number[], eol = '\n'): Uint8Array {
  const parts = sizes.flatMap((size, i) => [
    Buffer.from(`${i + 1} 0 obj\n<< /Filter /FlateDecode /Length 5 >>\nstream${eol}`),
    deflateSync(Buffer.alloc(size, 0x41)),
    Buffer.from('\nendstream\nendobj\n'),
  ]);
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), ...parts]);
}

function unsafeWhy(bytes: Uint8Array): string | null {
  try {
    checkStreamBounds(bytes, BOUNDS);
    return null;
  } catch (error) {
    if (error instanceof PdfUnsafeError) {
      return error.message;
    }
    throw error;
  }
}

describe('checkStreamBounds', () => {
  it('accepts a real form and streams within both bounds', async () => {
    const form = await buildAllTypesForm();
    expect(() => checkStreamBounds(form)).not.toThrow();
    expect(unsafeWhy(withStreams([MB, MB, MB / 2]))).toBeNull();
  });

  it('refuses one stream that inflates past the per-stream bound, whatever its /Length says', () => {
    expect(unsafeWhy(withStreams([MB + 1]))).toBe(
      'This PDF could not be processed safely: a compressed stream expands past 1 MB',
    );
    expect(unsafeWhy(withStreams([10, 2 * MB], '\r\n'))).toMatch(/past 1 MB$/);
  });

  it('refuses streams that together inflate past the total bound', () => {
    expect(unsafeWhy(withStreams([MB, MB, MB, MB]))).toBe(
      'This PDF could not be processed safely: its compressed streams expand past 3 MB in total',
    );
  });

  it('measures a stream that lost its end marker as far as it goes', () => {
    const truncated = withStreams([4 * MB]).subarray(0, 3000);
    expect(unsafeWhy(truncated)).toMatch(/past 1 MB$/);
  });
});

import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import { buildAllTypesForm, buildOrphanForm } from '../../pdf/objects/pdf-synthetic.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import { createPdfSandbox } from './sandbox-pool.ts';

const sandbox = createPdfSandbox({ size: 1 });
afterAll(() => sandbox.close());

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('PDF sandbox', () => {
  it('detects fields and repairs the field tree in a worker', async () => {
    const detected = await sandbox.analyse(await buildAllTypesForm());
    expect(Object.keys(detected.detected.fields).length).toBeGreaterThan(3);
    const orphaned = await sandbox.analyse(await buildOrphanForm());
    expect(orphaned.repaired).toBeInstanceOf(Uint8Array);
  });

  it('answers a file that is no PDF with the input error', async () => {
    const error = await failure(sandbox.analyse(new TextEncoder().encode('hello')));
    expect(error).toBeInstanceOf(PdfInputError);
    expect((error as PdfInputError).reason).toBe('not_pdf');
  });

  it('refuses a decompression bomb before parsing it', async () => {
    const bomb = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 9 /Filter /FlateDecode >>\nstream\n'),
      deflateSync(Buffer.alloc(80 * 1024 * 1024)),
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    const error = await failure(sandbox.analyse(bomb));
    expect(error).toBeInstanceOf(PdfUnsafeError);
    expect(error.message).toBe(
      'This PDF could not be processed safely: a compressed stream expands past 64 MB',
    );
  });

  it('terminates a worker past its deadline and serves the next file with a fresh one', async () => {
    const hasty = createPdfSandbox({ size: 1, deadlineMs: 1 });
    try {
      const error = await failure(hasty.analyse(await buildAllTypesForm()));
      expect(error).toBeInstanceOf(PdfUnsafeError);
      expect(error.message).toBe(
        'This PDF could not be processed safely: reading it took longer than 0 s',
      );
    } finally {
      await hasty.close();
    }
    const next = await sandbox.analyse(await buildAllTypesForm());
    expect(next.detected.page_count).toBe(1);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../test/corpus.ts';
import { createFillPool } from './fill-pool.ts';
import { FILL_WORKER_BUNDLE, fillWorkerUrl, isBundleCurrent } from './fill-worker-bundle.ts';

const BUILDER = fileURLToPath(new URL('./fill-worker-build.ts', import.meta.url));
const TEMPLATE = path.join(FIXTURE_DIR, 'pdf', 'qpdf_field-types.pdf');

async function fillWith(workerUrl: URL, templateBytes: Uint8Array, values: Record<string, string>) {
  const pool = createFillPool({ size: 1, workerUrl });
  try {
    return await pool.fill({ templateKey: 'fixture', templateBytes, values, flatten: false });
  } finally {
    await pool.close();
  }
}

describe('fill worker bundle', () => {
  it('is used once built from the current sources and fills exactly as the sources do', async () => {
    execFileSync(process.execPath, [BUILDER]);
    expect(isBundleCurrent()).toBe(true);
    expect(fillWorkerUrl().href).toBe(pathToFileURL(FILL_WORKER_BUNDLE.file).href);

    const templateBytes = new Uint8Array(fs.readFileSync(TEMPLATE));
    const template = await PDFDocument.load(templateBytes);
    const textField = template
      .getForm()
      .getFields()
      .find((field) => field.constructor.name === 'PDFTextField');
    expect(textField).toBeDefined();
    const values = { [textField?.getName() ?? '']: 'Filled by the bundle' };
    const fromBundle = await fillWith(fillWorkerUrl(), templateBytes, values);
    const fromSource = await fillWith(FILL_WORKER_BUNDLE.source, templateBytes, values);
    expect(Buffer.from(fromBundle.bytes).equals(Buffer.from(fromSource.bytes))).toBe(true);
    const filled = await PDFDocument.load(fromBundle.bytes);
    expect(
      filled
        .getForm()
        .getTextField(textField?.getName() ?? '')
        .getText(),
    ).toBe('Filled by the bundle');
  });
});

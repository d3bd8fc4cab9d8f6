import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'html-entities';
import { PDFDocument, PDFDict, PDFName } from '@cantoo/pdf-lib';

// Independent readers (pdftk-java, poppler, qpdf) used to check what the fill engine wrote.
// None of them shares code with pdf-lib, so agreement means the file is right, not just
// self-consistent.

/**
 * Timeout of a test that runs these tools. Each pdftk run starts a JVM (0.3–1 s of CPU on its
 * own): a test spawning a few of them takes about a second on a quiet machine, and under a full
 * test run beside other sessions (load average ~13 on the shared 2 cores) such tests hit the
 * server project's 30 s (pdf-repair's SF424 test) or, run without the root config, Vitest's
 * default 5 s (pdf-encrypt). Given in the test file, so it holds however Vitest is started.
 */
export const ORACLE_TEST_TIMEOUT_MS = 90_000;

/** Whether a command-line tool can be run here. */
export function hasTool(name: 'pdftk' | 'pdftotext' | 'qpdf'): boolean {
  const probe = spawnSync(name, [name === 'pdftk' ? '--version' : '-v'], { encoding: 'utf8' });
  return probe.error === undefined;
}

function withTempFile<T>(bytes: Uint8Array, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-oracle-'));
  const path = join(dir, 'in.pdf');
  try {
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PdftkField {
  name: string;
  type: string;
  /** Every FieldValue line (multi-select lists have several). */
  values: string[];
  stateOptions: string[];
}

/** Fields as `pdftk dump_data_fields_utf8` reads them (values entity-decoded). */
export function pdftkFields(bytes: Uint8Array): Map<string, PdftkField[]> {
  const output = withTempFile(bytes, (path) =>
    spawnSync('pdftk', [path, 'dump_data_fields_utf8'], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );
  if (output.status !== 0) {
    throw new Error(`pdftk failed: ${output.stderr}`);
  }
  const fields = new Map<string, PdftkField[]>();
  for (const block of output.stdout.split(/^---$/m)) {
    const field: PdftkField = { name: '', type: '', values: [], stateOptions: [] };
    for (const line of block.split('\n')) {
      const match = /^(\w+): ?(.*)$/.exec(line);
      if (!match) {
        continue;
      }
      const [, key, raw = ''] = match;
      const value = decode(raw);
      if (key === 'FieldName') {
        field.name = value;
      } else if (key === 'FieldType') {
        field.type = value;
      } else if (key === 'FieldValue') {
        field.values.push(value);
      } else if (key === 'FieldStateOption') {
        field.stateOptions.push(value);
      }
    }
    if (field.name !== '') {
      fields.set(field.name, [...(fields.get(field.name) ?? []), field]);
    }
  }
  return fields;
}

/** Page text as poppler extracts it, in content-stream order (`pdftotext -raw`). */
export function popplerText(bytes: Uint8Array): string {
  const output = withTempFile(bytes, (path) =>
    spawnSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    }),
  );
  if (output.status !== 0) {
    throw new Error(`pdftotext failed: ${output.stderr}`);
  }
  return output.stdout;
}

/** qpdf's structural check; returns its complaints (empty when the file is clean). */
export function qpdfCheck(bytes: Uint8Array): { ok: boolean; messages: string } {
  const output = withTempFile(bytes, (path) =>
    spawnSync('qpdf', ['--check', path], { encoding: 'utf8' }),
  );
  // Exit code 0 = fine, 3 = warnings only (qpdf's convention), 2 = errors.
  return {
    ok: output.status === 0 || output.status === 3,
    messages: `${output.stdout}${output.stderr}`,
  };
}

/** What qpdf says of a file's encryption: revision, /P and the user password; null when plain. */
export function qpdfEncryption(
  bytes: Uint8Array,
): { r: number; p: number; userPassword: string; method: string } | null {
  const output = withTempFile(bytes, (path) =>
    spawnSync('qpdf', ['--show-encryption', path], { encoding: 'utf8' }),
  );
  if (/not encrypted/.test(output.stdout)) {
    return null;
  }
  const read = (pattern: RegExp) => pattern.exec(output.stdout)?.[1] ?? '';
  return {
    r: Number(read(/^R = (\d+)/m)),
    p: Number(read(/^P = (-?\d+)/m)),
    userPassword: read(/^User password = (.*)$/m),
    method: read(/^stream encryption method: (\S+)/m),
  };
}

/**
 * A decrypted copy, by qpdf: pdftk-java cannot open AES-256 files (R5, R6) at all, so their
 * fields are read from this copy.
 */
export function qpdfDecrypted(bytes: Uint8Array): Uint8Array {
  return withTempFile(bytes, (path) => {
    const out = `${path}.plain.pdf`;
    const output = spawnSync('qpdf', ['--decrypt', path, out], { encoding: 'utf8' });
    if (output.status !== 0 && output.status !== 3) {
      throw new Error(`qpdf --decrypt failed: ${output.stderr}`);
    }
    return new Uint8Array(readFileSync(out));
  });
}

/**
 * A copy without /NeedAppearances, so poppler shows the file's own appearance streams
 * instead of regenerating them (which would hide missing or broken appearances).
 */
export async function withoutNeedAppearances(bytes: Uint8Array): Promise<Uint8Array> {
  // Forms of encrypted templates are encrypted too; poppler reads the decrypted copy the same.
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, password: '' });
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'));
  if (acroForm instanceof PDFDict) {
    acroForm.delete(PDFName.of('NeedAppearances'));
  }
  return doc.save({ updateFieldAppearances: false, addDefaultPage: false });
}

/** Text with every kind of whitespace removed, for comparing wrapped or comb-spaced text. */
export function squash(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, '');
}

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../test/corpus.ts';
import { ORACLE_TEST_TIMEOUT_MS, qpdfEncryption } from '../../../test/pdf-oracles.ts';
import { detectFields } from '../detect/detect-fields.ts';
import { repairFieldTree } from './pdf-repair.ts';
import { buildAllTypesForm, buildOrphanForm } from './pdf-synthetic.ts';

const hasTool = (tool: string): boolean =>
  !spawnSync(tool, ['--version'], { stdio: 'ignore' }).error;
const HAS_PDFTK = hasTool('pdftk');
const HAS_QPDF = hasTool('qpdf');
const work = mkdtempSync(join(tmpdir(), 'formbridge-repair-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const fixture = (file: string): Uint8Array =>
  new Uint8Array(readFileSync(join(FIXTURE_DIR, 'pdf', file)));

/** pdftk's view of a file: field name -> its FieldStateOption values. */
function pdftkFields(bytes: Uint8Array): Map<string, string[]> {
  const file = join(work, `f${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const out = execFileSync('pdftk', [file, 'dump_data_fields_utf8'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const fields = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of out.split('\n')) {
    if (line.startsWith('FieldName: ')) {
      current = [];
      fields.set(line.slice('FieldName: '.length), current);
    } else if (line.startsWith('FieldStateOption: ')) {
      current.push(line.slice('FieldStateOption: '.length));
    }
  }
  return fields;
}

function skipWithoutPdftk(): boolean {
  if (!HAS_PDFTK) {
    console.warn('pdftk is not installed: skipping the check that pdftk lists the repaired fields');
  }
  return !HAS_PDFTK;
}

// The tests run pdftk and qpdf on what they repair: their timeout (pdf-oracles.ts).
describe('repairFieldTree', { timeout: ORACLE_TEST_TIMEOUT_MS }, () => {
  it('returns null for a healthy form, a PDF without a form and non-PDF input', async () => {
    expect(await repairFieldTree(await buildAllTypesForm(0))).toBeNull();
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await repairFieldTree(await plain.save())).toBeNull();
    expect(await repairFieldTree(new TextEncoder().encode('not a pdf'))).toBeNull();
    expect(await repairFieldTree(new Uint8Array())).toBeNull();
    expect(await repairFieldTree(fixture('pdfjs_PDFBOX-3148-2-fuzzed.pdf'))).toBeNull();
  });

  it('adds page widgets without /AcroForm to a new /AcroForm (SF424 page 2)', async () => {
    const original = fixture('pypdf_SF424_page2_orphan_widgets.pdf');
    const repaired = await repairFieldTree(original);
    expect(repaired).not.toBeNull();
    if (repaired === null) {
      return;
    }
    // The file carries scripts, so it is rewritten whole without them (pdf-repair-scripts.test).
    const before = await detectFields(original);
    expect(await detectFields(repaired)).toEqual(before);
    expect(await repairFieldTree(repaired)).toBeNull();

    const form = (await PDFDocument.load(repaired)).getForm();
    form.getTextField('FederalAgencyName').setText('Fish and Wildlife');
    expect(form.getFields().map((f) => f.getName())).toEqual(
      expect.arrayContaining(Object.keys(before.fields)),
    );

    if (!skipWithoutPdftk()) {
      const listed = pdftkFields(repaired);
      expect(pdftkFields(original).size).toBe(0);
      expect([...listed.keys()]).toEqual(expect.arrayContaining(Object.keys(before.fields)));
    }
  });

  it('puts a widget back into the /Kids of its radio group (qpdf form-errors)', async () => {
    const original = fixture('qpdf_form-errors.pdf');
    const repaired = await repairFieldTree(original);
    expect(repaired).not.toBeNull();
    if (repaired === null || skipWithoutPdftk()) {
      return;
    }
    expect(pdftkFields(original).get('r2')).not.toContain('1');
    expect(pdftkFields(repaired).get('r2')).toEqual(expect.arrayContaining(['1', '2', '3']));
  });

  it('adds a top-level field cut out of /Fields', async () => {
    const original = await buildOrphanForm();
    const repaired = await repairFieldTree(original);
    expect(repaired).not.toBeNull();
    if (repaired === null) {
      return;
    }
    // Incremental update: the original bytes are kept as they were.
    expect(Buffer.from(repaired.subarray(0, original.length)).equals(Buffer.from(original))).toBe(
      true,
    );
    expect(
      (await PDFDocument.load(repaired))
        .getForm()
        .getFields()
        .map((f) => f.getName())
        .sort(),
    ).toEqual(['a', 'b']);
    if (!skipWithoutPdftk()) {
      expect([...pdftkFields(repaired).keys()].sort()).toEqual(['a', 'b']);
    }
  });

  it('repairs an encrypted file (empty user password) into a copy with the same restrictions', async () => {
    if (!HAS_QPDF) {
      console.warn('qpdf is not installed: skipping the encrypted repair test');
      return;
    }
    const source = join(FIXTURE_DIR, 'pdf', 'qpdf_form-errors.pdf');
    const target = join(work, 'encrypted.pdf');
    execFileSync('qpdf', [
      '--encrypt',
      '',
      'owner-secret',
      '256',
      '--modify=form',
      '--',
      source,
      target,
    ]);
    const encrypted = new Uint8Array(readFileSync(target));
    const repaired = await repairFieldTree(encrypted);
    expect(repaired).not.toBeNull();
    if (repaired === null) {
      return;
    }
    expect(await detectFields(repaired)).toEqual(await detectFields(encrypted));
    expect(qpdfEncryption(repaired)).toMatchObject({
      r: 4,
      p: qpdfEncryption(encrypted)?.p,
      userPassword: '',
    });
    if (!skipWithoutPdftk()) {
      expect(pdftkFields(repaired).get('r2')).toEqual(expect.arrayContaining(['1', '2', '3']));
    }
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  hasTool,
  ORACLE_TEST_TIMEOUT_MS,
  pdftkFields,
  popplerText,
  qpdfCheck,
  qpdfDecrypted,
  qpdfEncryption,
  squash,
} from '../../../test/pdf-oracles.ts';
import { fillForm, planTemplate } from './fill-form.ts';
import { buildForm, fieldDict, valueOf } from './fill-test-forms.ts';
import { withPdfjsDocument } from '../detect/pdf-pdfjs.ts';
import { readXrefBase } from '../objects/pdf-xref.ts';

// An encrypted template (owner password and restrictions, empty user password) filled as an
// incremental update keeps its own encryption: every reader opens the record with the
// template's handler, key and restrictions, and reads the values the update wrote with their
// object keys. One template per handler revision, encrypted by qpdf.

const VALUES = { name: 'Zoë Ñandú', city: '東京', agree: true };
const haveTools = hasTool('qpdf') && hasTool('pdftk') && hasTool('pdftotext');
const haveMutool = !spawnSync('mutool', ['-v']).error;

/** Runs `tool` on `bytes` saved as in.pdf; returns stdout and out.pdf when it wrote one. */
function run(tool: string, args: (dir: string) => string[], bytes: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), 'fb-encrypted-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    const output = spawnSync(tool, args(dir), { encoding: 'utf8' });
    if (output.status !== 0 && output.status !== 3) {
      throw new Error(`${tool} failed: ${output.stderr}`);
    }
    const written = spawnSync('test', ['-f', join(dir, 'out.pdf')]).status === 0;
    return {
      stdout: output.stdout,
      out: written ? new Uint8Array(readFileSync(join(dir, 'out.pdf'))) : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Fields `name`, `city` (tooltip "Ville") and `agree`, encrypted by qpdf with `encryption`. */
async function encryptedForm(encryption: string[], objectStreams: boolean): Promise<Uint8Array> {
  const plain = await buildForm(({ form, page }) => {
    form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
    const city = form.createTextField('city');
    city.addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
    city.acroField.dict.set(PDFName.of('TU'), PDFString.of('Ville'));
    form.createCheckBox('agree').addToPage(page, { x: 20, y: 620, width: 20, height: 20 });
  });
  const streams = `--object-streams=${objectStreams ? 'generate' : 'disable'}`;
  const { out } = run(
    'qpdf',
    (dir) => [
      '--allow-weak-crypto',
      streams,
      '--encrypt',
      '',
      'owner-secret',
      ...encryption,
      '--',
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
    ],
    plain,
  );
  if (!out) {
    throw new Error('qpdf wrote nothing');
  }
  return out;
}

/** Everything qpdf says of a file's encryption: handler, revision, restrictions, methods. */
function showEncryption(bytes: Uint8Array): string {
  return run('qpdf', (dir) => ['--show-encryption', join(dir, 'in.pdf')], bytes).stdout;
}

const RESTRICTED = ['--print=low', '--modify=form', '--extract=n'];
const HANDLERS = [
  ['RC4 40-bit (R2)', ['40', '--print=y', '--modify=n', '--extract=n'], false],
  ['RC4 128-bit (R3)', ['128', '--use-aes=n', ...RESTRICTED], false],
  ['RC4 128-bit crypt filter (R4)', ['128', '--use-aes=n', '--force-V4', ...RESTRICTED], false],
  ['AES-128 (R4)', ['128', '--use-aes=y', ...RESTRICTED], false],
  ['AES-128, clear metadata (R4)', ['128', '--use-aes=y', '--cleartext-metadata'], true],
  ['AES-256 (R5)', ['256', '--force-R5', ...RESTRICTED], false],
  ['AES-256 (R6)', ['256', ...RESTRICTED], false],
  ['AES-256 (R6), cross-reference stream', ['256', ...RESTRICTED], true],
] as const;

describe.runIf(haveTools).each(HANDLERS)(
  'a template encrypted with %s',
  (_, encryption, objectStreams) => {
    it(
      'gets an update encrypted like it that every reader reads',
      async () => {
        const template = await encryptedForm([...encryption], objectStreams);
        const plan = await planTemplate(template);
        const { bytes } = await fillForm(plan, VALUES);

        expect(plan.base).not.toBeNull();
        const prefix = Buffer.from(bytes.subarray(0, template.byteLength));
        expect(prefix.equals(Buffer.from(template))).toBe(true);
        expect(readXrefBase(bytes)?.kind).toBe(objectStreams ? 'stream' : 'table');
        const check = qpdfCheck(bytes);
        expect(check.ok, check.messages).toBe(true);
        expect(check.messages).not.toContain('WARNING');
        expect(showEncryption(bytes)).toBe(showEncryption(template));
        expect(qpdfEncryption(bytes)?.userPassword).toBe('');

        const fields = pdftkFields(encryption[0] === '256' ? qpdfDecrypted(bytes) : bytes);
        expect(fields.get('name')?.[0]?.values).toEqual(['Zoë Ñandú']);
        expect(fields.get('city')?.[0]?.values).toEqual(['東京']);
        expect(fields.get('agree')?.[0]?.values).toEqual(['Yes']);
        expect(squash(popplerText(bytes))).toContain('ZoëÑandú');
        // pdf-lib decrypts with the same key: strings the update re-encrypted read as before.
        const doc = await PDFDocument.load(bytes, { password: '' });
        expect(valueOf(fieldDict(doc, 'name'))).toBe('Zoë Ñandú');
        const tooltip = fieldDict(doc, 'city').lookup(PDFName.of('TU'), PDFString, PDFHexString);
        expect(tooltip.decodeText()).toBe('Ville');
      },
      ORACLE_TEST_TIMEOUT_MS,
    );

    it(
      'reads back in pdf.js and draws in MuPDF',
      async () => {
        const template = await encryptedForm([...encryption], objectStreams);
        const { bytes } = await fillForm(await planTemplate(template), VALUES);
        const values = await withPdfjsDocument(bytes, async (doc) => {
          const annotations = await (await doc.getPage(1)).getAnnotations();
          return new Map(
            annotations.map((annotation) => [annotation.fieldName, annotation.fieldValue]),
          );
        });

        expect(values.get('name')).toBe('Zoë Ñandú');
        expect(values.get('city')).toBe('東京');
        expect(values.get('agree')).toBe('Yes');
        if (haveMutool) {
          const drawn = run(
            'mutool',
            (dir) => ['draw', '-q', '-F', 'txt', '-o', '-', join(dir, 'in.pdf')],
            bytes,
          );
          expect(squash(drawn.stdout)).toContain('ZoëÑandú');
        }
      },
      ORACLE_TEST_TIMEOUT_MS,
    );
  },
);

describe.runIf(haveTools)('records filled one after another from one plan', () => {
  // The template's strings are encrypted once per plan and reused: every record must still
  // decrypt, the ones after the first included.
  it.each([
    ['AES-128', ['128', '--use-aes=y']],
    ['RC4 128-bit', ['128', '--use-aes=n']],
  ])(
    '%s: each record reads back with its own values',
    async (_, encryption) => {
      const plan = await planTemplate(await encryptedForm(encryption, false));
      for (const name of ['Zoë Ñandú', 'Ada Lovelace', 'Grace Hopper']) {
        const { bytes } = await fillForm(plan, { ...VALUES, name });
        const doc = await PDFDocument.load(bytes, { password: '' });
        const tooltip = fieldDict(doc, 'city').lookup(PDFName.of('TU'), PDFString, PDFHexString);
        expect(tooltip.decodeText()).toBe('Ville');
        const fields = pdftkFields(bytes);
        expect(fields.get('name')?.[0]?.values).toEqual([name]);
        expect(fields.get('city')?.[0]?.values).toEqual(['東京']);
      }
    },
    ORACLE_TEST_TIMEOUT_MS,
  );
});

describe.runIf(haveTools)('an encrypted template the update cannot encrypt like it', () => {
  it(
    'is rewritten whole with its restrictions when it names its own crypt filter',
    async () => {
      const aes = await encryptedForm(['128', '--use-aes=y', ...RESTRICTED], false);
      // Same length, so every offset still holds: a filter named other than StdCF.
      const renamed = Buffer.from(
        Buffer.from(aes).toString('latin1').replaceAll('/StdCF', '/OwnCF'),
        'latin1',
      );
      const template = new Uint8Array(renamed);
      const plan = await planTemplate(template);
      const { bytes } = await fillForm(plan, VALUES);

      expect(plan.base).toBeNull();
      const prefix = Buffer.from(bytes.subarray(0, template.byteLength));
      expect(prefix.equals(Buffer.from(template))).toBe(false);
      expect(qpdfEncryption(bytes)?.p).toBe(qpdfEncryption(template)?.p);
      expect(pdftkFields(bytes).get('name')?.[0]?.values).toEqual(['Zoë Ñandú']);
    },
    ORACLE_TEST_TIMEOUT_MS,
  );
});

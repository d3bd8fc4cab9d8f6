import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/corpus.ts';
import { pdftkDump, qpdfComplaints } from '../../../test/fidelity-oracles.ts';
import { repeatedKeysInStreamTemplate } from '../../../test/fidelity-templates.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { fillForm } from './fill-form.ts';
import type { FillValue } from './fill-types.ts';

// de_phsg_bds_aufnahmeantrag_2019 repeats /F in 13 of its widgets. The fill's update rewrote
// only the widgets it filled, so the others kept the template's bytes and every output failed
// `qpdf --check` ("dictionary has duplicated key /F"). The plan now rewrites them once, and
// so it does when such objects sit in an object stream (a hand-written update: qpdf's own
// rewrite keeps only the last occurrence of a key).

const FILE = 'de_phsg_bds_aufnahmeantrag_2019.pdf';
const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const path = join(corpusDir, 'pdf', FILE);
const TIMEOUT_MS = 60_000;
const skipReason = !existsSync(path)
  ? `SKIPPED: ${FILE} is not at ${corpusDir} (set FORMBRIDGE_CORPUS)`
  : !hasTool('qpdf') || !hasTool('pdftk')
    ? 'SKIPPED: qpdf and pdftk are needed'
    : undefined;

describe('a template whose objects repeat a dictionary key', () => {
  if (skipReason) {
    console.warn(`fill-repeated-keys.corpus.test.ts ${skipReason}`);
    it.skip(skipReason, () => undefined);
    return;
  }

  it(
    'gives outputs that pass qpdf --check and still start with its bytes',
    async () => {
      const template = new Uint8Array(readFileSync(path));
      expect(qpdfComplaints(template)).toMatch(/duplicated key \/F/);
      const cases: Array<Record<string, FillValue>> = [
        {},
        { Formfieldnr1: 'Zoë Ñandú', Formfieldnr10: true },
      ];
      for (const values of cases) {
        const { bytes } = await fillForm(template, values);
        expect(qpdfComplaints(bytes, template)).toBeNull();
        expect(Buffer.from(bytes.subarray(0, template.byteLength)).equals(template)).toBe(true);
        if ('Formfieldnr1' in values) {
          const dump = pdftkDump(bytes);
          expect(dump).toContain('FieldName: Formfieldnr1\nFieldFlags: 0\nFieldValue: Zoë Ñandú');
          expect(dump).toMatch(/FieldName: Formfieldnr10\n(?:.+\n)*?FieldValue: Yes\n/);
        }
      }
    },
    TIMEOUT_MS,
  );

  it(
    'rewrites repeated-key widgets that sit in an object stream',
    async () => {
      const { bytes: template, fields } = await repeatedKeysInStreamTemplate(
        new Uint8Array(readFileSync(path)),
        6,
      );
      expect(fields).toHaveLength(6);
      expect(qpdfComplaints(template)).toMatch(/duplicated key \/F/);
      const [filled = '', ...untouched] = fields;
      const { bytes, report } = await fillForm(template, { [filled]: 'Zoë Ñandú' });
      expect(report.fields.flatMap((entry) => entry.problems)).toEqual([]);
      expect(qpdfComplaints(bytes, template)).toBeNull();
      expect(Buffer.from(bytes.subarray(0, template.byteLength)).equals(template)).toBe(true);
      const dump = pdftkDump(bytes);
      expect(dump).toContain(`FieldName: ${filled}\n`);
      expect(dump).toContain('FieldValue: Zoë Ñandú\n');
      for (const name of untouched) {
        expect(dump).toContain(`FieldName: ${name}\n`);
      }
    },
    TIMEOUT_MS,
  );
});

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/corpus.ts';
import { extractedLines, pdftkDump, qpdfComplaints } from '../../../test/fidelity-oracles.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { missingRenderers } from '../../../test/render-oracle.ts';
import { ENGINES } from '../../../test/render-corpus.ts';
import { fillForm } from './fill-form.ts';

// The text layer of right-to-left values (issue 30): what copy, search and screen readers get
// from poppler, MuPDF and pdf.js must be the value as typed (logical order), for right-to-left
// text alone and mixed with digits of every system and with Latin words.

const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const ready =
  existsSync(join(corpusDir, 'manifest.json')) &&
  missingRenderers().length === 0 &&
  hasTool('pdftk') &&
  hasTool('qpdf');
const TIMEOUT_MS = 180_000;

async function fillChecked(file: string, values: Record<string, string>) {
  const template = new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
  const { bytes, report } = await fillForm(template, values);
  expect(report.fields.flatMap((entry) => entry.problems)).toEqual([]);
  expect(qpdfComplaints(bytes)).toBeNull();
  const dump = pdftkDump(bytes);
  for (const [field, value] of Object.entries(values)) {
    expect(dump).toContain(`FieldName: ${field}\n`);
    expect(dump).toContain(`FieldValue: ${value}\n`);
  }
  return bytes;
}

/** Every (line of every) value, as each engine extracts it: [engine, value, found]. */
async function textLayer(bytes: Uint8Array, values: string[]) {
  const verdicts: Array<[string, string, boolean]> = [];
  for (const engine of ENGINES) {
    const lines = await extractedLines(bytes, engine);
    for (const value of values) {
      verdicts.push([engine, value, lines.some((line) => line.includes(value))]);
    }
  }
  return verdicts;
}

const allFound = (verdicts: Array<[string, string, boolean]>) =>
  verdicts.map(([engine, value]) => [engine, value, true]);

describe.skipIf(!ready)('the text layer of right-to-left values', () => {
  it(
    'reads Arabic and Hebrew alone, with digits and with Latin words in logical order',
    async () => {
      const values = {
        '301 Case Number': 'سارة أحمد',
        '301 Full name': 'רחוב הרצל 15',
        '301 Facility Address Street': 'شارع الملك 2024 Dubai',
        '301 Date of Injury or Illness': 'Name: سارة Ali',
        '301 Address Street': 'שלום abc עולם',
        '301 Address City': 'الأحمد سلام',
        '301 Facility Name': 'مستشفى ٢٠٢٤/١١/٢٧',
      };
      const bytes = await fillChecked('ppf_osha_613.pdf', values);
      const verdicts = await textLayer(bytes, Object.values(values));
      expect(verdicts).toEqual(allFound(verdicts));
    },
    TIMEOUT_MS,
  );

  it(
    'reads Arabic-Indic and Persian digits in right-to-left and Latin text in logical order',
    async () => {
      const values = {
        '301 Case Number': '۱۴۰۳۷',
        '301 Date of Injury or Illness': '٢٠٢٤/١١/٢٧',
        '301 Facility Address Street': 'شارع ٢٠٢٤',
        '301 Full name': 'Case ۱۴۰۳ closed',
      };
      const bytes = await fillChecked('ppf_osha_613.pdf', values);
      const verdicts = await textLayer(bytes, Object.values(values));
      expect(verdicts).toEqual(allFound(verdicts));
    },
    TIMEOUT_MS,
  );

  it(
    'reads each line of a right-to-left multiline value in logical order',
    async () => {
      const value = 'سارة أحمد\nشارع الملك 12\nדבי';
      const bytes = await fillChecked('us_ma_cjd400_motion.pdf', { motion_name__2: value });
      const verdicts = await textLayer(bytes, value.split('\n'));
      expect(verdicts).toEqual(allFound(verdicts));
    },
    TIMEOUT_MS,
  );
});

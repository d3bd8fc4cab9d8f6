// Issue 35: a template's JavaScript is removed on upload (the stored file and every form made
// from it carry none), and a field tree whose /Parent links loop is named the same way by
// detection and by the fill. Corpus forms with scripts keep every field as detected before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../../test/corpus.ts';
import { hasTool, ORACLE_TEST_TIMEOUT_MS, pdftkFields } from '../../../test/pdf-oracles.ts';
import { HOSTILE_CASES } from '../../../test/hostile/hostile-pdfs.ts';
import { writePdf } from '../../../test/hostile/pdf-writer.ts';
import { detectFields } from '../detect/detect-fields.ts';
import { fillForm } from '../fill/fill-form.ts';
import { repairPdf } from './pdf-repair.ts';

const HAS_PDFTK = hasTool('pdftk');
const JS = (code: string) => `<< /S /JavaScript /JS (${code}) >>`;
const GOTO = '<< /S /GoTo /D [3 0 R /Fit] >>';

/** A form with a script in every place a viewer runs one, and two actions that are not scripts. */
function scriptedForm(): Uint8Array {
  return new Uint8Array(
    writePdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> /OpenAction 5 0 R ' +
        `/AA << /WC ${JS('close()')} >> /Names << /JavaScript 6 0 R >> >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [7 0 R 8 0 R 9 0 R] ' +
        `/AA << /O ${JS('opened()')} >> >>`,
      `<< /T (person) /FT /Tx /Kids [7 0 R] /AA << /C ${JS('calc()')} >> >>`,
      `<< /S /GoTo /D [3 0 R /Fit] /Next ${JS('app.alert(1)')} >>`,
      '<< /Names [(init) 10 0 R] >>',
      '<< /Type /Annot /Subtype /Widget /Parent 4 0 R /T (name) /Rect [50 700 250 720] /P 3 0 R ' +
        `/AA << /K 10 0 R /Fo ${GOTO} >> >>`,
      `<< /Type /Annot /Subtype /Link /Rect [50 600 250 620] /A ${JS('run()')} >>`,
      '<< /Type /Annot /Subtype /Link /Rect [50 500 250 520] /A << /S /URI /URI (https://example.com) >> >>',
      JS('this.print()'),
    ]),
  );
}

/** Every script in the file, referenced or not: dictionaries with /JS or /S /JavaScript. */
async function scriptsIn(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, password: '' });
  let count = 0;
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (seen.has(object)) {
      continue;
    }
    seen.add(object);
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      const isScript =
        dict.has(PDFName.of('JS')) || dict.get(PDFName.of('S')) === PDFName.of('JavaScript');
      count += isScript || dict.has(PDFName.of('JavaScript')) ? 1 : 0;
      stack.push(...dict.values());
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    }
  }
  return count;
}

describe('scripts removed on upload', () => {
  it('leaves no script in the stored file or the filled one, and keeps other actions', async () => {
    const original = scriptedForm();
    expect(await scriptsIn(original)).toBeGreaterThan(5);
    const repaired = await repairPdf(original);
    expect(repaired?.notes).toEqual([
      'removed 7 JavaScript action(s): scripts in a form never run in the forms made from it',
    ]);
    const stored = repaired!.bytes;
    expect(await scriptsIn(stored)).toBe(0);
    expect(Object.keys((await detectFields(stored)).fields)).toEqual(['person.name']);

    const filled = await fillForm(stored, { 'person.name': 'Ada Lovelace' });
    expect(filled.report.fields[0]?.problems).toEqual([]);
    expect(await scriptsIn(filled.bytes)).toBe(0);

    // The link to a web page and the widget's non-script action are still there.
    const doc = await PDFDocument.load(stored, { updateMetadata: false });
    const annots = doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray);
    const uri = annots.lookup(2, PDFDict).lookup(PDFName.of('A'), PDFDict);
    expect(uri.get(PDFName.of('S'))).toBe(PDFName.of('URI'));
    const widgetAa = annots.lookup(0, PDFDict).lookup(PDFName.of('AA'), PDFDict);
    expect(widgetAa.keys().map((key) => key.decodeText())).toEqual(['Fo']);
  });

  const dir = join(corpusDir(), 'pdf');
  const scripted = existsSync(dir)
    ? [
        'de_uniulm_reisekostenabrechnung_2024.pdf',
        'lk_epf_form_a_employee_record_2024.pdf',
        'ppf_ds11_passport.pdf',
        'ppf_osha_613.pdf',
        'us_ma_joint_petition_divorce.pdf',
      ].filter((file) => existsSync(join(dir, file)))
    : [];
  it.skipIf(scripted.length === 0).each(scripted)(
    'corpus form %s: scripts gone, every field detected as before',
    async (file) => {
      const original = new Uint8Array(readFileSync(join(dir, file)));
      const repaired = await repairPdf(original.slice());
      expect(repaired?.notes.join()).toMatch(/^removed \d+ JavaScript action/);
      const stored = repaired!.bytes;
      expect(await scriptsIn(stored)).toBe(0);
      const before = await detectFields(original.slice());
      const after = await detectFields(stored.slice());
      expect(after).toEqual(before);
      if (HAS_PDFTK) {
        expect(pdftkFields(stored)).toEqual(pdftkFields(original));
      }
    },
    ORACLE_TEST_TIMEOUT_MS,
  );
});

describe('a field tree whose parents loop', () => {
  const looped = HOSTILE_CASES.find((item) => item.name === 'field whose parents form a loop')!;

  it('is named alike by detection and by the fill, on upload and for older templates', async () => {
    const original = new Uint8Array(await looped.build());
    const repaired = await repairPdf(original.slice());
    expect(repaired?.notes).toEqual(["repaired 2 link(s) that made the form's field tree loop"]);
    const names = Object.keys((await detectFields(repaired!.bytes.slice())).fields);
    expect(names).toEqual(['b.a.loop']);
    for (const template of [repaired!.bytes, original]) {
      const filled = await fillForm(template.slice(), { 'b.a.loop': 'written' });
      expect(filled.report.fields).toMatchObject([{ value_written: 'written', problems: [] }]);
    }
    // Detection of the file as uploaded (what older templates stored) agrees too.
    expect(Object.keys((await detectFields(original.slice())).fields)).toEqual(names);
  });
});

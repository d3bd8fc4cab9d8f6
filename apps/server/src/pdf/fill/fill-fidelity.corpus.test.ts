import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/corpus.ts';
import {
  drawnLineCount,
  extractedLines,
  pdftkDump,
  qpdfComplaints,
} from '../../../test/fidelity-oracles.ts';
import { renamedStatesTemplate, reusedNumbersTemplate } from '../../../test/fidelity-templates.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import {
  inkByBox,
  missingRenderers,
  renderPages,
  type InkBox,
} from '../../../test/render-oracle.ts';
import { ENGINES } from '../../../test/render-corpus.ts';
import { detectFields } from '../detect/detect-fields.ts';
import { hasRightToLeft } from './fill-bidi.ts';
import { fillForm } from './fill-form.ts';
import type { FillOptions, FillValue } from './fill-types.ts';

// The last mile of fidelity on real corpus forms, each case read back by pdftk and checked in
// poppler, MuPDF and pdf.js: what a careful user would notice on paper or when copying text.

const corpusDir = process.env.FORMBRIDGE_CORPUS ?? resolve(REPO_ROOT, '../shared/corpus');
const haveCorpus = existsSync(join(corpusDir, 'manifest.json'));
const ready = haveCorpus && missingRenderers().length === 0 && hasTool('pdftk') && hasTool('qpdf');
const TIMEOUT_MS = 180_000;

function corpusPdf(file: string): Uint8Array {
  return new Uint8Array(readFileSync(join(corpusDir, 'pdf', file)));
}

interface FactField {
  name: string;
  widgets: Array<{ page: number; rect_displayed: InkBox['rect'] }>;
}

function boxOf(file: string, field: string): InkBox {
  const facts = JSON.parse(readFileSync(join(corpusDir, 'fields', `${file}.json`), 'utf8')) as {
    fields: FactField[];
  };
  const widget = facts.fields.find((candidate) => candidate.name === field)?.widgets[0];
  if (!widget) {
    throw new Error(`${file} has no field ${field}`);
  }
  return { key: field, page: widget.page, rect: widget.rect_displayed };
}

async function fillClean(file: string, values: Record<string, FillValue>, options?: FillOptions) {
  const result = await fillForm(corpusPdf(file), values, options);
  expect(qpdfComplaints(result.bytes)).toBeNull();
  return result;
}

describe.skipIf(!ready)('multiline values keep their line breaks (every script)', () => {
  const file = 'us_ma_cjd400_motion.pdf';
  const values: Record<string, string> = {
    user_request: 'First line of the request\nSecond line\nThird line, the last',
    motion_name: 'Иван Петров\nулица Ленина 5\nМосква',
    docket_number: '张伟\n北京市\n中国',
    motion_name__2: 'سارة أحمد\nشارع الملك\nدبي',
  };

  it(
    'draws each typed line on a line of its own in poppler, MuPDF and pdf.js',
    async () => {
      const filled = await fillClean(file, values);
      expect(filled.report.fields.flatMap((entry) => entry.problems)).toEqual([]);
      const cleared = await fillClean(
        file,
        Object.fromEntries(Object.keys(values).map((name) => [name, ' '])),
      );
      for (const engine of ENGINES) {
        for (const field of Object.keys(values)) {
          const count = await drawnLineCount(
            cleared.bytes,
            filled.bytes,
            boxOf(file, field),
            engine,
            100,
          );
          expect([engine, field, count]).toEqual([engine, field, 3]);
        }
      }
    },
    TIMEOUT_MS,
  );

  it(
    'reads back with its breaks (pdftk) and extracts line by line in every engine',
    async () => {
      const { bytes } = await fillClean(file, values);
      const dump = pdftkDump(bytes);
      for (const [field, value] of Object.entries(values)) {
        expect(dump).toContain(`FieldName: ${field}\n`);
        expect(dump).toContain(`FieldValue: ${value}\n`);
      }
      for (const engine of ENGINES) {
        const lines = await extractedLines(bytes, engine);
        // Right-to-left lines are the text layer's own case (below).
        const leftToRight = Object.values(values).filter((value) => !hasRightToLeft(value));
        for (const value of leftToRight) {
          const typed = value.split('\n');
          // Each typed line is extracted, and never run together with the next one (poppler
          // may put page text beside it: it reads by position).
          for (const [index, line] of typed.entries()) {
            const next = typed[index + 1];
            const found = lines.filter((extracted) => extracted.includes(line));
            const joined = found.some((extracted) => next && extracted.includes(next));
            expect([engine, line, found.length > 0, joined]).toEqual([engine, line, true, false]);
          }
        }
      }
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!ready)('Arabic-Indic and Persian digits in logical order', () => {
  const file = 'ppf_osha_613.pdf';
  const values = {
    '301 Case Number': '۱۴۰۳۷',
    '301 Date of Injury or Illness': '٢٠٢٤/١١/٢٧',
    '301 Facility Address Street': 'شارع ٢٠٢٤',
    '301 Full name': 'Case ۱۴۰۳ closed',
  };

  it(
    'draws the digits left to right, as every engine extracts them',
    async () => {
      const { bytes, report } = await fillClean(file, values);
      expect(report.fields.flatMap((entry) => entry.problems)).toEqual([]);
      for (const engine of ENGINES) {
        const text = (await extractedLines(bytes, engine)).join('\n');
        for (const number of ['۱۴۰۳۷', '٢٠٢٤', '۱۴۰۳', '١١', '٢٧']) {
          expect([engine, number, text.includes(number)]).toEqual([engine, number, true]);
        }
        for (const reversed of ['۷۳۰۴۱', '٤٢٠٢', '۳۰۴۱']) {
          expect([engine, reversed, text.includes(reversed)]).toEqual([engine, reversed, false]);
        }
      }
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!ready)('a boolean on a Yes/No checkbox pair', () => {
  // "Do you have evidence of citizenship?": one checkbox field, its "no" box listed first.
  const file = 'au_homeaffairs_form888_supporting_statement.pdf';
  const field = 'ap.citizen evidence';
  const facts = (): Array<{ on_states?: string[]; page: number; rect_displayed: InkBox['rect'] }> =>
    (
      JSON.parse(readFileSync(join(corpusDir, 'fields', `${file}.json`), 'utf8')) as {
        fields: Array<FactField & { widgets: Array<{ on_states?: string[] }> }>;
      }
    ).fields.find((candidate) => candidate.name === field)?.widgets ?? [];
  const box = (state: string): InkBox => {
    const widget = facts().find((candidate) => candidate.on_states?.includes(state));
    if (!widget) {
      throw new Error(`no ${state} box`);
    }
    return { key: state, page: widget.page, rect: widget.rect_displayed };
  };

  it.each([
    [true, 'yes', 'no'],
    [false, 'no', 'yes'],
  ])(
    '%s ticks the "%s" box and leaves "%s" empty in every engine',
    async (value, ticked, empty) => {
      const filled = await fillClean(file, { [field]: value });
      expect(filled.report.fields[0]).toMatchObject({ value_written: ticked, problems: [] });
      const cleared = await fillClean(file, { [field]: null });
      for (const engine of ENGINES) {
        const [before, after] = await Promise.all([
          renderPages(cleared.bytes, engine, 100),
          renderPages(filled.bytes, engine, 100),
        ]);
        const ink = new Map(
          inkByBox(before, after, [box(ticked), box(empty)], 100).map((verdict) => [
            verdict.key,
            verdict.inside,
          ]),
        );
        expect([engine, (ink.get(ticked) ?? 0) > 0, ink.get(empty)]).toEqual([engine, true, 0]);
      }
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!ready)('a value on a push button', () => {
  it(
    'is skipped with a note while the rest of the form is filled',
    async () => {
      const file = 'sf_pdflatex-forms.pdf';
      const { bytes, report } = await fillClean(file, { Name: 'Zoë Ñandú', Submit: 'press' });
      expect(report.fields).toEqual([
        expect.objectContaining({ field: 'Name', value_written: 'Zoë Ñandú', problems: [] }),
        {
          field: 'Submit',
          value_written: null,
          font: null,
          font_size: null,
          problems: [],
          notes: ['push button skipped: "press" was not written (a button takes no value)'],
          skipped: true,
        },
      ]);
      expect(pdftkDump(bytes)).toContain('FieldValue: Zoë Ñandú\n');
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!ready)('a template whose update reuses object numbers', () => {
  // qpdf's object streams, then an update moving checkbox appearances to a new generation of
  // their numbers and redefining the widgets: the kind of file that made the output's xref
  // table wrong, and poppler and pdf.js show ticked boxes as empty.
  const file = 'de_schuetzentag_anmeldung_2025.pdf';

  it.each(['incremental', 'full'] as const)(
    'gives a clean file (%s writer) whose ticks show in every engine',
    async (writer) => {
      const template = await reusedNumbersTemplate(corpusPdf(file), 8);
      expect(template.checkboxes).toHaveLength(8);
      expect(qpdfComplaints(template.bytes)).toBeNull();
      const ticked = Object.fromEntries(template.checkboxes.map((name) => [name, true]));
      const filled = await fillForm(template.bytes, ticked, { writer });
      expect(filled.report.fields.flatMap((entry) => entry.problems)).toEqual([]);
      expect(qpdfComplaints(filled.bytes)).toBeNull();
      const cleared = await fillForm(
        template.bytes,
        Object.fromEntries(template.checkboxes.map((name) => [name, false])),
        { writer },
      );
      expect(qpdfComplaints(cleared.bytes)).toBeNull();
      const boxes = template.checkboxes.map((name) => boxOf(file, name));
      for (const engine of ENGINES) {
        const [before, after] = await Promise.all([
          renderPages(cleared.bytes, engine, 72),
          renderPages(filled.bytes, engine, 72),
        ]);
        const empty = inkByBox(before, after, boxes, 72)
          .filter((verdict) => verdict.inside === 0)
          .map((verdict) => verdict.key);
        expect([engine, empty]).toEqual([engine, []]);
      }
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!ready)('radio option names escaped twice or in octal', () => {
  const file = 'at_meldezettel_2023.pdf';
  const field = 'Familienstand';
  // Label → the state name's bytes; in PDF syntax `#` is written `#23`.
  const escaped: Record<string, string> = {
    'in einer Partnerschaft lebend': 'in#20einer#20Partnerschaft#20lebend',
    geschieden: 'ge\\163chieden',
  };
  const inPdfSyntax = (name: string): string => name.replaceAll('#', '#23');

  it(
    'are detected readable and select their option by that label',
    async () => {
      const template = await renamedStatesTemplate(corpusPdf(file), field, (state) =>
        escaped[state] === undefined ? undefined : inPdfSyntax(escaped[state]),
      );
      const { fields } = await detectFields(template);
      const labels = fields[field]?.options?.map((option) => option.label) ?? [];
      expect(labels).toEqual(expect.arrayContaining(Object.keys(escaped)));
      expect(labels.join('|')).not.toMatch(/#20|\\\d{3}/);
      for (const label of Object.keys(escaped)) {
        const { bytes, report } = await fillForm(template, { [field]: label });
        expect(report.fields[0]?.problems).toEqual([]);
        expect(pdftkDump(bytes)).toMatch(/FieldName: Familienstand\n(?:.*\n)*?FieldValue: (?!Off)/);
        expect(qpdfComplaints(bytes)).toBeNull();
      }
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!ready)('the addendum reference in a small box', () => {
  it(
    'is shortened until it shows at the legibility floor or above',
    async () => {
      const file = 'ppf_osha_613.pdf';
      const field = '301 Address State';
      const value = 'Nordrhein-Westfalen, Regierungsbezirk Düsseldorf, Kreis Mettmann';
      const { bytes, report } = await fillClean(
        file,
        { [field]: value },
        {
          addendum: { reference: 'see addendum, item {n}' },
        },
      );
      const entry = report.fields[0];
      expect(entry).toMatchObject({ addendum_item: 1, problems: [] });
      expect(entry?.font_size).toBeGreaterThanOrEqual(6);
      expect(entry?.value_written).toMatch(/1$/);
      expect(entry?.value_written?.length).toBeLessThan('see addendum, item 1'.length);
      expect(pdftkDump(bytes)).toContain(`FieldValue: ${entry?.value_written ?? ''}\n`);
      for (const engine of ENGINES) {
        expect([engine, (await extractedLines(bytes, engine)).includes(value)]).toEqual([
          engine,
          true,
        ]);
      }
    },
    TIMEOUT_MS,
  );
});

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test/corpus.ts';
import {
  drawnLineCount,
  extractedLines,
  pdftkDump,
  qpdfComplaints,
} from '../../test/fidelity-oracles.ts';
import { hasTool } from '../../test/pdf-oracles.ts';
import { inkByBox, missingRenderers, renderPages, type InkBox } from '../../test/render-oracle.ts';
import { ENGINES } from '../../test/render-corpus.ts';
import { hasRightToLeft } from './fill-bidi.ts';
import { fillForm } from './fill-form.ts';
import type { FillValue } from './fill-types.ts';

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

async function fillClean(file: string, values: Record<string, FillValue>) {
  const result = await fillForm(corpusPdf(file), values);
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
      const cleared = await fillForm(
        corpusPdf(file),
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
      const cleared = await fillForm(corpusPdf(file), { [field]: null });
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

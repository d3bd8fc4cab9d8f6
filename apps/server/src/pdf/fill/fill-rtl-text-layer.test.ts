import { describe, expect, it } from 'vitest';
import { extractedLines } from '../../../test/fidelity-oracles.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { missingRenderers, type RenderEngine } from '../../../test/render-oracle.ts';
import { ENGINES } from '../../../test/render-corpus.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// The text layer of right-to-left values (issue 30), kept and flattened: every kind of value
// must come out of poppler, MuPDF and pdf.js as typed (whitespace aside). A flattened form puts
// the appearance into the page, where pdf.js drops whitespace glyphs and makes spaces only from
// forward steps, which a right-to-left line shown in logical order never takes. Each field has
// a Latin caption, as forms do: poppler takes a page of mostly right-to-left text for a
// right-to-left page, which the /ActualText (written for a left-to-right page) does not serve.

const VALUES: Record<string, string> = {
  arabic: 'سارة أحمد',
  hebrew: 'רחוב הרצל',
  western: 'רחוב הרצל 15',
  arabicIndic: 'مستشفى ٢٠٢٤/١١/٢٧',
  persian: 'شارع ۱۴۰۳',
  latin: 'شارع الملك 2024 Dubai',
  brackets: 'مستشفى (٢٠٢٤) [أ]',
  multiline: 'سارة أحمد\nשלום עולם 12',
};

// Known limit: a bracket in right-to-left text is drawn with its mirror glyph, whose text is
// the mirror character; MuPDF and pdf.js read glyph text (poppler reads the /ActualText).
const KNOWN_WRONG: Record<RenderEngine, string[]> = {
  poppler: [],
  mupdf: ['brackets'],
  pdfjs: ['brackets'],
};

const ready = missingRenderers().length === 0 && hasTool('pdftotext');
const normalised = (text: string) => text.replace(/\s+/gu, ' ').trim();

async function filledForm(flatten: boolean): Promise<Uint8Array> {
  const template = await buildForm(({ form, page }) => {
    Object.keys(VALUES).forEach((name, index) => {
      const field = form.createTextField(name);
      if (name === 'multiline') {
        field.enableMultiline();
      }
      const height = name === 'multiline' ? 60 : 24;
      const y = 740 - index * 80 - height;
      page.drawText(`Field ${index + 1}, the ${name} value of this form, in your own words:`, {
        x: 40,
        y: y + height + 8,
        size: 10,
      });
      field.addToPage(page, { x: 40, y, width: 400, height });
    });
  });
  const { bytes, report } = await fillForm(template, VALUES, { flatten });
  expect(report.fields.flatMap((entry) => entry.problems)).toEqual([]);
  return bytes;
}

/** The names of the values (every line of each) `engine` does not extract as typed. */
async function wrongIn(bytes: Uint8Array, engine: RenderEngine): Promise<string[]> {
  const lines = (await extractedLines(bytes, engine)).map(normalised);
  return Object.entries(VALUES)
    .filter(([, value]) =>
      value.split('\n').some((part) => !lines.some((line) => line.includes(normalised(part)))),
    )
    .map(([name]) => name);
}

describe.skipIf(!ready)('the text layer of right-to-left values, kept and flattened', () => {
  it.each([false, true])(
    'reads every kind of value as typed in each engine (flatten: %s)',
    async (flatten) => {
      const bytes = await filledForm(flatten);
      const wrong: Record<string, string[]> = {};
      for (const engine of ENGINES) {
        wrong[engine] = await wrongIn(bytes, engine);
      }
      expect(wrong).toEqual(KNOWN_WRONG);
    },
    120_000,
  );
});

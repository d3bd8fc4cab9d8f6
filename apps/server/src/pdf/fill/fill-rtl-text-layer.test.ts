import { describe, expect, it } from 'vitest';
import { extractedLines, qpdfComplaints } from '../../../test/fidelity-oracles.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { missingRenderers, type RenderEngine } from '../../../test/render-oracle.ts';
import { ENGINES } from '../../../test/render-corpus.ts';
import { cachedFontkit, loadFontFace } from '../fonts/fonts.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// The text layer of right-to-left values (issue 30), kept and flattened: every kind of value
// must come out of poppler, MuPDF and pdf.js as typed (whitespace aside). A flattened form puts
// the appearance into the page, where pdf.js drops whitespace glyphs and makes spaces only from
// forward steps, which a right-to-left line shown in logical order never takes. The form comes
// with Latin captions and with Arabic ones: poppler takes a page of mostly right-to-left
// letters for a right-to-left page and reads its lines from the right, so the /ActualText is
// written for the page's direction.

const VALUES: Record<string, string> = {
  arabic: 'سارة أحمد',
  hebrew: 'רחוב הרצל',
  western: 'רחוב הרצל 15',
  arabicIndic: 'مستشفى ٢٠٢٤/١١/٢٧',
  persian: 'شارع ۱۴۰۳',
  latin: 'شارع الملك 2024 Dubai',
  brackets: 'مستشفى (٢٠٢٤) [أ]',
  // A bracket closing after a digit (its own reversed run), and number signs poppler counts
  // with the digits (`:` `%` `,` `₪`).
  closing: 'شقة (٧)',
  colon: 'שם: David כהן',
  percent: 'خصم 50% نقدا',
  currency: 'מחיר ₪ 120, כולל',
  multiline: 'سارة أحمد\nשלום עולם 12',
};

const NONE_WRONG: Record<RenderEngine, string[]> = { poppler: [], mupdf: [], pdfjs: [] };

const ready = missingRenderers().length === 0 && hasTool('pdftotext');
const normalised = (text: string) => text.replace(/\s+/gu, ' ').trim();

type Captions = 'latin' | 'arabic';

async function filledForm(flatten: boolean, captions: Captions): Promise<Uint8Array> {
  const template = await buildForm(async ({ doc, form, page }) => {
    doc.registerFontkit(cachedFontkit);
    // Drawn by pdf-lib in visual order, as a right-to-left form's captions are.
    const font =
      captions === 'arabic'
        ? await doc.embedFont(loadFontFace('dejavu-sans').bytes, { subset: true })
        : undefined;
    Object.keys(VALUES).forEach((name, index) => {
      const field = form.createTextField(name);
      if (name === 'multiline') {
        field.enableMultiline();
      }
      const height = name === 'multiline' ? 60 : 24;
      const y = 740 - index * 58 - height;
      const caption = font
        ? `الحقل ${index + 1}: اكتب القيمة في هذا المربع بكلماتك`
        : `Field ${index + 1}, the ${name} value of this form, in your own words:`;
      page.drawText(caption, { x: font ? 200 : 40, y: y + height + 8, size: 10, font });
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
  it.each([
    [false, 'latin'],
    [true, 'latin'],
    [false, 'arabic'],
    [true, 'arabic'],
  ] as Array<[boolean, Captions]>)(
    'reads every kind of value as typed in each engine (flatten: %s, captions: %s)',
    async (flatten, captions) => {
      const bytes = await filledForm(flatten, captions);
      const wrong: Record<string, string[]> = {};
      for (const engine of ENGINES) {
        wrong[engine] = await wrongIn(bytes, engine);
      }
      expect(wrong).toEqual(NONE_WRONG);
      expect(qpdfComplaints(bytes)).toBeNull();
    },
    120_000,
  );
});

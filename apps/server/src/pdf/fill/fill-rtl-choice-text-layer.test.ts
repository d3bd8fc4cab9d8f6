import { describe, expect, it } from 'vitest';
import {
  extractedLines,
  pdfjsChoiceLines,
  qpdfComplaints,
} from '../../../test/fidelity-oracles.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { missingRenderers, type RenderEngine } from '../../../test/render-oracle.ts';
import { ENGINES } from '../../../test/render-corpus.ts';
import { cachedFontkit, loadFontFace } from '../fonts/fonts.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// The text layer of right-to-left choices (issue 30), as fill-rtl-text-layer.test.ts checks for
// text fields: a dropdown's chosen option, an editable dropdown's own text, and every row a
// list box draws (single and multi-select) must come out of poppler, MuPDF and pdf.js as typed,
// kept and flattened, on a page of Latin captions and on one of Arabic captions (which poppler
// reads from the right, so each row's /ActualText is written for the page's direction). pdf.js
// shows a kept choice as an HTML select of its /Opt strings (pdfjsChoiceLines), not its
// appearance; flattened, it reads the drawn rows like any page text.

const OPTIONS = [
  'سارة أحمد',
  'רחוב הרצל',
  'רחוב הרצל 15',
  'مستشفى ٢٠٢٤/١١/٢٧',
  'شارع ۱۴۰۳',
  'شارع الملك 2024 Dubai',
  'مستشفى (٢٠٢٤) [أ]',
];
// The list boxes offer other strings, so a row cannot pass on a dropdown's reading.
const LIST_OPTIONS = ['رقم ٣٤٥ ملف', 'קומה 3 דירה 12', 'حساب ۹۸۷۶ Bank', 'شقة (٧)'];
const MULTI_OPTIONS = ['שם: David כהן', 'طريق ۲۵ شمال', 'الرمز ٤٤١٠', 'מספר 7 בית'];

/** Field name → value filled. */
const VALUES: Record<string, string> = {
  ...Object.fromEntries(OPTIONS.map((option, index) => [`combo${index}`, option])),
  editable: 'حي النخيل ۱۲ Riyadh',
  list: 'حساب ۹۸۷۶ Bank',
  multi: 'שם: David כהן; الرمز ٤٤١٠',
};

/** What must be read back: each dropdown's value and every row of the two list boxes. */
const EXPECTED = [...OPTIONS, VALUES.editable ?? '', ...LIST_OPTIONS, ...MULTI_OPTIONS];

const NONE_WRONG: Record<RenderEngine, string[]> = { poppler: [], mupdf: [], pdfjs: [] };

const ready = missingRenderers().length === 0 && hasTool('pdftotext');
const normalised = (text: string) => text.replace(/\s+/gu, ' ').trim();

type Captions = 'latin' | 'arabic';

async function filledForm(flatten: boolean, captions: Captions): Promise<Uint8Array> {
  const template = await buildForm(
    async ({ doc, form, page }) => {
      doc.registerFontkit(cachedFontkit);
      const font =
        captions === 'arabic'
          ? await doc.embedFont(loadFontFace('dejavu-sans').bytes, { subset: true })
          : undefined;
      const caption = (index: number, x: number, y: number) =>
        page.drawText(
          font
            ? `الحقل ${index + 1}: اختر القيمة`
            : `Field ${index + 1}, choose one of the values:`,
          { x, y, size: 9, font },
        );
      Object.keys(VALUES)
        .filter((name) => name.startsWith('combo') || name === 'editable')
        .forEach((name, index) => {
          const dropdown = form.createDropdown(name);
          dropdown.addOptions(OPTIONS);
          if (name === 'editable') {
            dropdown.enableEditing();
          }
          const y = 760 - index * 52 - 22;
          caption(index, font ? 300 : 40, y + 28);
          dropdown.addToPage(page, { x: 40, y, width: 300, height: 22 });
        });
      ['list', 'multi'].forEach((name, index) => {
        const list = form.createOptionList(name);
        list.addOptions(name === 'multi' ? MULTI_OPTIONS : LIST_OPTIONS);
        if (name === 'multi') {
          list.enableMultiselect();
        }
        list.acroField.setDefaultAppearance('/Helv 10 Tf 0 g'); // Every row in view.
        caption(10 + index, font ? 440 : 360, 656 - index * 200);
        list.addToPage(page, { x: 360, y: 560 - index * 200, width: 230, height: 90 });
      });
    },
    (doc) => doc.save({ updateFieldAppearances: false }),
  );
  const { bytes, report } = await fillForm(template, VALUES, { flatten });
  expect(report.fields.flatMap((entry) => entry.problems)).toEqual([]);
  return bytes;
}

/** The expected strings `engine` does not extract as typed. */
async function wrongIn(bytes: Uint8Array, engine: RenderEngine): Promise<string[]> {
  const choices = engine === 'pdfjs' ? await pdfjsChoiceLines(bytes) : [];
  const lines = [...(await extractedLines(bytes, engine)), ...choices].map(normalised);
  return EXPECTED.filter((value) => !lines.some((line) => line.includes(normalised(value))));
}

describe.skipIf(!ready)('the text layer of right-to-left choices, kept and flattened', () => {
  it.each([
    [false, 'latin'],
    [true, 'latin'],
    [false, 'arabic'],
    [true, 'arabic'],
  ] as Array<[boolean, Captions]>)(
    'reads every dropdown value and list row as typed in each engine (flatten: %s, captions: %s)',
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

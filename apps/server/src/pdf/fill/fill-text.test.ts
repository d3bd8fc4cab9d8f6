import { PDFDocument, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm } from './fill-form.ts';
import {
  appearanceContents,
  buildForm,
  embeddedFontNames,
  fieldDict,
  valueOf,
} from './fill-test-forms.ts';

// Text fields: value, font per script, max length, shrink-to-fit, comb and multiline.

interface TextFieldSpec {
  name: string;
  width?: number;
  height?: number;
  da?: string;
  maxLength?: number;
  multiline?: boolean;
  comb?: boolean;
  alignment?: number;
}

async function textForm(specs: TextFieldSpec[]): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    specs.forEach((spec, index) => {
      const field = form.createTextField(spec.name);
      if (spec.maxLength) {
        field.setMaxLength(spec.maxLength);
      }
      if (spec.multiline) {
        field.enableMultiline();
      }
      if (spec.comb) {
        field.enableCombing();
      }
      field.addToPage(page, {
        x: 20,
        y: 700 - index * 60,
        width: spec.width ?? 200,
        height: spec.height ?? 20,
      });
      const dict = field.acroField.dict;
      dict.set(PDFName.of('DA'), PDFString.of(spec.da ?? '/Helv 10 Tf 0 g'));
      if (spec.alignment !== undefined) {
        dict.set(PDFName.of('Q'), PDFNumber.of(spec.alignment));
      }
    });
  });
}

describe('text fields', () => {
  it('writes the value with an appearance in a font chosen per script, embedding only used fonts', async () => {
    const pdf = await textForm([{ name: 'latin' }, { name: 'cyrillic' }, { name: 'greek' }]);
    const { bytes, report } = await fillForm(pdf, {
      latin: 'Zoë Ñandú',
      cyrillic: 'Иван Петров',
      greek: 'Γιώργος',
    });
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'cyrillic'))).toBe('Иван Петров');
    expect(
      report.fields.map((entry) => [entry.field, entry.font, entry.font_size, entry.problems]),
    ).toEqual([
      ['latin', 'DejaVu Sans', 10, []],
      ['cyrillic', 'DejaVu Sans', 10, []],
      ['greek', 'DejaVu Sans', 10, []],
    ]);
    // Latin text is drawn with the subset shared by every record of the template; Greek and
    // Cyrillic with a subset of this document's own.
    expect(appearanceContents(doc, 'latin')[0]).toMatch(/\/FbDejaVu 10 Tf/);
    expect(appearanceContents(doc, 'greek')[0]).toMatch(/\/FbDejaVuX 10 Tf/);
    const fonts = await embeddedFontNames(bytes);
    expect(fonts.sort()).toEqual(['FBDJVS+DejaVuSans', 'FBDJVX+DejaVuSans']);
    const latinOnly = await fillForm(pdf, { latin: 'Zoë Ñandú', greek: 'office' });
    expect(await embeddedFontNames(latinOnly.bytes)).toEqual(['FBDJVS+DejaVuSans']);
    // Appearances exist for every value, so viewers must not regenerate them.
    expect(doc.getForm().acroForm.dict.has(PDFName.of('NeedAppearances'))).toBe(false);
  });

  it('uses Noto Sans SC for Chinese, Noto Sans KR for Hangul, and one font for mixed values', async () => {
    const pdf = await textForm([{ name: 'zh' }, { name: 'ko' }, { name: 'mixed' }]);
    const { bytes, report } = await fillForm(pdf, { zh: '张伟', ko: '김민준', mixed: 'Zoë 张伟' });
    expect(report.fields.map((entry) => entry.font)).toEqual([
      'Noto Sans SC',
      'Noto Sans KR',
      'Noto Sans SC',
    ]);
    expect(report.fields.every((entry) => entry.problems.length === 0)).toBe(true);
    const fonts = await embeddedFontNames(bytes);
    expect(fonts.sort()).toEqual(['FBNTKR+NotoSansKR-Regular', 'FBNTSC+NotoSansSC-Regular']);
  });

  it('reports characters no embedded font covers, and still stores them in the value', async () => {
    const pdf = await textForm([{ name: 'emoji' }]);
    const { bytes, report } = await fillForm(pdf, { emoji: 'Zoë 🦄 ok' });
    expect(report.fields[0]?.problems).toEqual([
      'characters not in any embedded font (drawn as empty boxes): "🦄"',
    ]);
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'emoji'))).toBe('Zoë 🦄 ok');
  });

  it('writes what fits a max length and reports the rest instead of losing it silently', async () => {
    const pdf = await textForm([{ name: 'code', maxLength: 5 }]);
    const { bytes, report } = await fillForm(pdf, { code: 'ABCDEFGH' });
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'code'))).toBe('ABCDE');
    expect(report.fields[0]?.value_written).toBe('ABCDE');
    expect(report.fields[0]?.problems).toEqual([
      `value is longer than the field's maximum of 5 characters; not written: "FGH"`,
    ]);
  });

  it('shrinks long text to fit, and reports when even the minimum size is too large', async () => {
    const pdf = await textForm([
      { name: 'fits', width: 120 },
      { name: 'shrinks', width: 120 },
      { name: 'overflows', width: 40 },
    ]);
    const { report } = await fillForm(pdf, {
      fits: 'Short',
      shrinks: 'A rather longer value that needs a smaller size',
      overflows: 'Far too long a value for such a tiny box, even at four points',
    });
    const [fits, shrinks, overflows] = report.fields;
    expect(fits?.font_size).toBe(10);
    expect(shrinks?.font_size).toBeLessThan(10);
    expect(shrinks?.font_size).toBeGreaterThanOrEqual(4);
    // Below the 6 pt legibility floor the value is there but hard to read: reported.
    const size = shrinks?.font_size ?? 0;
    expect(shrinks?.problems).toEqual(
      size < 6 ? [`text is drawn at ${size} pt, below the 6 pt legibility floor`] : [],
    );
    expect(overflows?.font_size).toBe(4);
    expect(overflows?.problems).toEqual([
      'text does not fit the field even at 4 pt; part of it is hidden (the full value is stored)',
    ]);
  });

  it('auto-sizes (DA size 0) to the box height', async () => {
    const pdf = await textForm([{ name: 'auto', height: 10, da: '/Helv 0 Tf 0 g' }]);
    const { report } = await fillForm(pdf, { auto: 'Small box' });
    expect(report.fields[0]?.font_size).toBeGreaterThan(4);
    expect(report.fields[0]?.font_size).toBeLessThan(10);
  });

  it('wraps multiline text and shrinks it until every line fits', async () => {
    const pdf = await textForm([
      { name: 'notes', multiline: true, width: 150, height: 40, da: '/Helv 12 Tf 0 g' },
    ]);
    const text = 'First line of notes\nSecond line that is quite a bit longer than the box is wide';
    const { bytes, report } = await fillForm(pdf, { notes: text });
    expect(report.fields[0]?.problems).toEqual([]);
    expect(report.fields[0]?.font_size).toBeLessThan(12);
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'notes'))).toBe(text);
    const shown = appearanceContents(doc, 'notes')[0] ?? '';
    expect(shown.match(/ Tj/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('draws comb fields one character per cell', async () => {
    const pdf = await textForm([{ name: 'pin', comb: true, maxLength: 6, width: 120 }]);
    const { bytes, report } = await fillForm(pdf, { pin: 'Ab9' });
    expect(report.fields[0]?.problems).toEqual([]);
    const doc = await PDFDocument.load(bytes);
    const shown = appearanceContents(doc, 'pin')[0] ?? '';
    const xs = [...shown.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ Tm/g)].map((match) => Number(match[1]));
    expect(xs).toHaveLength(3);
    // Cells are 20 pt wide: each glyph is centred in its own cell.
    expect(Math.floor((xs[1] ?? 0) / 20)).toBe(1);
    expect(Math.floor((xs[2] ?? 0) / 20)).toBe(2);
  });

  it('keeps the field alignment', async () => {
    const pdf = await textForm([
      { name: 'left', alignment: 0 },
      { name: 'right', alignment: 2 },
    ]);
    const { bytes } = await fillForm(pdf, { left: 'Text', right: 'Text' });
    const doc = await PDFDocument.load(bytes);
    const x = (name: string): number =>
      Number(/1 0 0 1 ([\d.]+) /.exec(appearanceContents(doc, name)[0] ?? '')?.[1]);
    expect(x('left')).toBeLessThan(5);
    expect(x('right')).toBeGreaterThan(150);
  });

  it('turns numbers into text and clears a field for null', async () => {
    const pdf = await textForm([{ name: 'amount' }, { name: 'cleared' }]);
    const prefilled = await fillForm(pdf, { cleared: 'old value' });
    const { bytes, report } = await fillForm(prefilled.bytes, { amount: 1234.5, cleared: null });
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'amount'))).toBe('1234.5');
    expect(valueOf(fieldDict(doc, 'cleared'))).toBe('');
    expect(report.fields[1]?.value_written).toBe('');
  });
});

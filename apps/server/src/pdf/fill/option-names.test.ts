import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { detectFields } from '../detect/detect-fields.ts';
import { fillForm } from './fill-form.ts';
import { appearanceStates, fieldDict, valueOf } from './fill-test-forms.ts';
import { buildEscapedOptionsForm, utf8NameText } from '../objects/pdf-synthetic.ts';

// Option names written as PDF name escapes (`/#e5#a5#b3#e6#80#a7`): people read the words, the
// PDF gets its own state name back, and a record that holds the raw code still fills.

const LABELS = ['女性', '男性', '非二进制'];
const CODES = { 男性: '#e7#94#b7#e6#80#a7', 非二进制: '#e9#9d#9e#e4#ba#8c#e8#bf#9b#e5#88#b6' };

async function fill(pdf: Uint8Array, values: Record<string, string>) {
  const { bytes, report } = await fillForm(pdf, values);
  const doc = await PDFDocument.load(bytes);
  return { doc, report };
}

describe.each(['upper', 'lower'] as const)('option names escaped in %s case', (escapes) => {
  it('are detected with readable labels and the raw state name as value', async () => {
    const { fields } = await detectFields(await buildEscapedOptionsForm(LABELS, escapes));
    const options = fields.gender?.options ?? [];
    expect(options.map((option) => option.label)).toEqual(LABELS);
    expect(options.map((option) => option.value)).not.toContain('女性');
  });

  it('select the same state by label or by the raw code', async () => {
    const pdf = await buildEscapedOptionsForm(LABELS, escapes);
    const { fields } = await detectFields(pdf);
    const code = fields.gender?.options?.[1]?.value ?? '';
    for (const value of ['男性', code, CODES.男性, CODES.男性.toUpperCase()]) {
      const { doc, report } = await fill(pdf, { gender: value });
      expect([value, report.fields[0]?.problems]).toEqual([value, []]);
      expect(valueOf(fieldDict(doc, 'gender'))).toBe(utf8NameText('男性'));
      expect(appearanceStates(doc, 'gender')).toEqual(['Off', utf8NameText('男性'), 'Off']);
    }
  });
});

describe('a raw option code in a record', () => {
  it("fills another template's choice field with the option it stands for", async () => {
    const pdf = await buildEscapedOptionsForm(LABELS);
    const code = CODES.非二进制;
    const { doc, report } = await fill(pdf, { gender_choice: code });
    expect(report.fields[0]?.problems).toEqual([]);
    expect(valueOf(fieldDict(doc, 'gender_choice'))).toBe('非二进制');
  });
});

describe('the corpus form with pdfcpu option names', () => {
  it('shows the words', async () => {
    const dir = process.env.FORMBRIDGE_CORPUS;
    if (!dir) {
      return;
    }
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(`${dir}/pdf/pdfcpu_chineseSimple.pdf`);
    const { fields } = await detectFields(new Uint8Array(bytes));
    expect(fields.gender1?.options?.map((option) => option.label)).toEqual([
      '女性',
      '男性',
      '非二进制',
    ]);
    expect(fields.gender1?.options?.[0]?.value).toBe('#e5#a5#b3#e6#80#a7');
  });
});

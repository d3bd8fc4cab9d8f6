import { PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// The fill report as the user's safety net: values that are written but will not be read as
// written are listed, never silent.

async function form(): Promise<Uint8Array> {
  return buildForm(({ form: acro, page }) => {
    const tiny = acro.createTextField('tiny');
    tiny.addToPage(page, { x: 50, y: 700, width: 80, height: 6 });
    const roomy = acro.createTextField('roomy');
    roomy.addToPage(page, { x: 50, y: 600, width: 300, height: 24 });
    const hidden = acro.createTextField('hidden');
    hidden.addToPage(page, { x: 50, y: 500, width: 300, height: 24 });
    for (const widget of hidden.acroField.getWidgets()) {
      widget.dict.set(PDFName.of('F'), PDFNumber.of(4 | 32)); // Print + NoView
    }
  });
}

function problemsOf(report: Awaited<ReturnType<typeof fillForm>>['report'], field: string) {
  return report.fields.find((entry) => entry.field === field)?.problems ?? [];
}

describe('fill report', () => {
  it('lists a value shrunk below the 6 pt legibility floor, and not one at a readable size', async () => {
    const { report } = await fillForm(await form(), {
      tiny: 'Flat 12',
      roomy: 'Short',
    });
    const tiny = report.fields.find((entry) => entry.field === 'tiny');
    expect(tiny?.font_size).toBeLessThan(6);
    expect(tiny?.problems.join(' ')).toMatch(/below the 6 pt legibility floor/);
    expect(problemsOf(report, 'roomy')).toEqual([]);
  });

  it('takes the legibility floor from the options', async () => {
    const { report } = await fillForm(await form(), { tiny: 'Flat 12' }, { legibilityFloor: 3 });
    expect(problemsOf(report, 'tiny').join(' ')).not.toMatch(/legibility floor/);
  });

  it('says a value written into a NoView widget is not shown', async () => {
    const { report } = await fillForm(await form(), { hidden: 'Secret' });
    expect(problemsOf(report, 'hidden')).toEqual([
      "the field's box is hidden in the PDF (Hidden/NoView), so the value is stored but not shown there",
    ]);
  });
});

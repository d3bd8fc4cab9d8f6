import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm } from './fill-form.ts';
import {
  appearanceStates,
  buildForm,
  fieldDict,
  renameOnState,
  valueOf,
} from './fill-test-forms.ts';
import type { FillValue } from './fill-types.ts';

// Checkboxes and radio groups: real on-state names, whatever their bytes; labels via /Opt.

/** A form with one checkbox per entry, its on-state renamed to the given raw name. */
async function checkboxForm(onStates: Record<string, PDFName>): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    Object.entries(onStates).forEach(([name, state], index) => {
      const box = form.createCheckBox(name);
      box.addToPage(page, { x: 20, y: 700 - index * 30, width: 14, height: 14 });
      if (state.decodeText() !== 'Yes') {
        renameOnState(box, state);
      }
    });
  });
}

async function fillOne(pdf: Uint8Array, field: string, value: FillValue) {
  const { bytes, report } = await fillForm(pdf, { [field]: value });
  const doc = await PDFDocument.load(bytes);
  return {
    doc,
    report: report.fields[0],
    value: valueOf(fieldDict(doc, field)),
    states: appearanceStates(doc, field),
  };
}

describe('checkboxes', () => {
  it('checks on booleans and yes/true/x/1/on in any case, unchecks on false/no/0/off/empty', async () => {
    const pdf = await checkboxForm({ box: PDFName.of('Yes') });
    for (const value of [true, 'yes', 'TRUE', 'x', 'X', '1', 'On', ' yes ']) {
      const result = await fillOne(pdf, 'box', value);
      expect([value, result.value, result.states]).toEqual([value, 'Yes', ['Yes']]);
      expect(result.report?.problems).toEqual([]);
    }
    for (const value of [false, 'no', 'False', '0', 'off', '', null]) {
      const result = await fillOne(pdf, 'box', value);
      expect([value, result.value, result.states]).toEqual([value, 'Off', ['Off']]);
    }
  });

  it("uses the widget's real on-state name, also non-ASCII and empty ones", async () => {
    const pdf = await checkboxForm({
      ja: PDFName.of('Ja'),
      // UTF-8 bytes of "Sí", one char per byte as pdf-lib names hold them.
      si: PDFName.of('S\u00c3\u00ad'),
      empty: PDFName.of(''),
    });
    const ja = await fillOne(pdf, 'ja', true);
    expect([ja.value, ja.states, ja.report?.value_written]).toEqual(['Ja', ['Ja'], 'Ja']);
    const si = await fillOne(pdf, 'si', 'yes');
    expect([si.value, si.states, si.report?.value_written]).toEqual([
      'S\u00c3\u00ad',
      ['S\u00c3\u00ad'],
      'Sí',
    ]);
    const byName = await fillOne(pdf, 'si', 'sí');
    expect(byName.value).toBe('S\u00c3\u00ad');
    const empty = await fillOne(pdf, 'empty', true);
    expect([empty.value, empty.states]).toEqual(['', ['']]);
  });

  it('selects a state by name on multi-state checkboxes and reports unknown words', async () => {
    const pdf = await checkboxForm({ box: PDFName.of('Yes') });
    const unknown = await fillOne(pdf, 'box', 'maybe');
    expect(unknown.report?.problems).toEqual(['no matching option for "maybe" (options: "Yes")']);
    expect(unknown.report?.value_written).toBeNull();
  });
});

describe('radio groups', () => {
  async function radioForm(): Promise<Uint8Array> {
    // pdf-lib stores the labels in /Opt and names the states 0, 1, 2.
    return buildForm(({ form, page }) => {
      const group = form.createRadioGroup('colour');
      ['Red', 'Green', 'Blue'].forEach((label, index) => {
        group.addOptionToPage(label, page, { x: 20 + index * 40, y: 700, width: 14, height: 14 });
      });
    });
  }

  it('selects by option label, case-insensitively, and turns the other buttons off', async () => {
    const pdf = await radioForm();
    const result = await fillOne(pdf, 'colour', 'green');
    expect(result.report?.problems).toEqual([]);
    expect(result.value).toBe('1');
    expect(result.states).toEqual(['Off', '1', 'Off']);
  });

  it('selects by state name and clears on false', async () => {
    const pdf = await radioForm();
    expect((await fillOne(pdf, 'colour', '2')).states).toEqual(['Off', 'Off', '2']);
    const cleared = await fillOne(pdf, 'colour', false);
    expect([cleared.value, cleared.states]).toEqual(['Off', ['Off', 'Off', 'Off']]);
  });

  it('reports a value that matches no option and leaves the group alone', async () => {
    const pdf = await radioForm();
    const result = await fillOne(pdf, 'colour', 'Purple');
    expect(result.report?.problems).toEqual([
      'no matching option for "Purple" (options: "Red", "Green", "Blue")',
    ]);
    expect(result.report?.value_written).toBeNull();
    const ambiguous = await fillOne(pdf, 'colour', true);
    expect(ambiguous.report?.problems).toHaveLength(1);
  });
});

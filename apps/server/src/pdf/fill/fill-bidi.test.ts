import { describe, expect, it } from 'vitest';
import { hasTool, popplerText } from '../../../test/pdf-oracles.ts';
import { paragraphDirection, visualRuns } from './fill-bidi.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// Right-to-left values: drawn in visual order per UAX #9 and read back in logical order.

const VALUES = {
  postcode: 'الرمز البريدي 6578401',
  name: 'الأحمد',
  street: 'רחוב הרצל 15',
  mixed: 'Name: سارة Ali',
};

describe('bidi runs', () => {
  it('keeps digits inside right-to-left text in their order, left of the Hebrew', () => {
    const line = VALUES.street;
    expect(paragraphDirection(line)).toBe('rtl');
    const runs = visualRuns(line, 'rtl').map(({ text, rtl }) => ({ text, rtl }));
    expect(runs[0]).toEqual({ text: '15', rtl: false });
    expect(runs.at(-1)?.rtl).toBe(true);
    expect(runs.map((run) => run.text).join('')).toHaveLength(line.length);
  });

  it('puts an Arabic word inside left-to-right text as one right-to-left run', () => {
    expect(visualRuns(VALUES.mixed, 'ltr')).toMatchObject([
      { text: 'Name: ', rtl: false },
      { text: 'سارة', rtl: true },
      { text: ' Ali', rtl: false },
    ]);
  });

  it('mirrors brackets at right-to-left levels (UAX #9 L4), not in left-to-right text', () => {
    // Logical order; the shaper reverses the run, so "(" must be drawn as ")" to open leftwards.
    expect(visualRuns('שלום (עולם) [א]', 'rtl')).toMatchObject([
      { text: 'שלום )עולם( ]א[', rtl: true },
    ]);
    expect(visualRuns('f(x) = [1]', 'ltr')).toMatchObject([{ text: 'f(x) = [1]', rtl: false }]);
    const runs = visualRuns('Name (سارة) ok', 'ltr');
    expect(runs.map((run) => run.text).join('|')).toBe('Name (|سارة|) ok');
  });

  it('leaves text without right-to-left characters as one run', () => {
    expect(visualRuns('Zoë 12', 'ltr')).toMatchObject([{ text: 'Zoë 12', rtl: false }]);
  });
});

describe.skipIf(!hasTool('pdftotext'))('right-to-left values through pdftotext', () => {
  it('reads every word and number in logical order', async () => {
    const template = await buildForm(({ form, page }) => {
      Object.keys(VALUES).forEach((name, index) => {
        form.createTextField(name).addToPage(page, {
          x: 50,
          y: 700 - index * 50,
          width: 400,
          height: 24,
        });
      });
    });
    const { bytes, report } = await fillForm(template, VALUES);
    expect(report.fields.flatMap((entry) => entry.problems)).toEqual([]);
    const words = popplerText(bytes)
      .replace(/[\u202a-\u202e\u2066-\u2069]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    for (const word of ['6578401', 'الرمز', 'البريدي', 'الأحمد', 'רחוב', 'הרצל', '15', 'سارة']) {
      expect(words).toContain(word);
    }
    for (const reversed of ['1048756', '51', 'األحمد', 'ةراس']) {
      expect(words).not.toContain(reversed);
    }
  });
});

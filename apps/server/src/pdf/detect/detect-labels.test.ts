import { describe, expect, it } from 'vitest';
import { mergePhrases, nearestLabel, nearestPlacedLabel } from './detect-labels.ts';
import type { TextPhrase } from './detect-labels.ts';

const phrase = (text: string, rect: TextPhrase['rect']): TextPhrase => ({
  text,
  rect,
  size: rect[3] - rect[1],
});

describe('mergePhrases', () => {
  it('joins words on one line and keeps separate lines and distant columns apart', () => {
    const merged = mergePhrases([
      phrase('Last', [10, 10, 30, 20]),
      phrase('name:', [32, 10, 60, 20]),
      phrase('City', [10, 40, 30, 50]),
      phrase('Zip', [200, 10, 220, 20]),
      phrase('....', [62, 10, 80, 20]),
    ]);
    expect(merged.map((p) => p.text)).toEqual(['Last name: ....', 'Zip', 'City']);
  });
});

describe('nearestLabel', () => {
  const field: TextPhrase['rect'] = [100, 100, 200, 120];

  it('prefers the closest text on the same line to the left, cleaned of leaders and colons', () => {
    const phrases = [
      phrase('Far away', [0, 102, 20, 112]),
      phrase('Name: ....', [50, 104, 95, 114]),
    ];
    expect(nearestLabel(field, phrases)).toBe('Name');
  });

  it('uses text above the field when nothing is on its left', () => {
    expect(nearestLabel(field, [phrase('Address', [100, 85, 140, 95])])).toBe('Address');
  });

  it('says where the label sits: on the line, or above the box', () => {
    const above = phrase('Address', [100, 85, 140, 95]);
    expect(nearestPlacedLabel(field, [above])).toEqual({ text: 'Address', position: 'above' });
    const left = phrase('Name', [50, 104, 95, 114]);
    expect(nearestPlacedLabel(field, [above, left])).toEqual({ text: 'Name', position: 'left' });
    const right = phrase('I agree', [205, 102, 230, 112]);
    expect(nearestPlacedLabel(field, [right], { right: true })?.position).toBe('right');
  });

  it('takes a caption running into the box as on its line, not the text above', () => {
    const phrases = [
      phrase('Spouse’s signature', [100, 80, 180, 95]),
      phrase('Phone no.', [70, 104, 130, 114]),
    ];
    expect(nearestPlacedLabel(field, phrases)).toEqual({ text: 'Phone no', position: 'left' });
  });

  it("passes over a bare line number to the caption, and strips a caption's own number", () => {
    const phrases = [
      phrase('4)', [85, 104, 95, 114]),
      phrase('6a Cotisations sociales', [20, 104, 80, 114]),
    ];
    expect(nearestPlacedLabel(field, phrases)).toEqual({
      text: 'Cotisations sociales',
      position: 'left',
    });
  });

  it('ignores text that is too far, below, or to the right unless asked', () => {
    const phrases = [
      phrase('Below', [100, 130, 140, 140]),
      phrase('Right', [205, 102, 230, 112]),
      phrase('Way above', [100, 10, 150, 20]),
    ];
    expect(nearestLabel(field, phrases)).toBeUndefined();
    expect(nearestLabel(field, phrases, { right: true })).toBe('Right');
  });
});

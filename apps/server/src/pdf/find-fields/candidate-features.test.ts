// The learned scorer's features (issue 29, eighth pass): the same page must give the same
// numbers at training time and at run time, and the numbers must say what the page shows.
import { describe, expect, it } from 'vitest';
import type { FeatureCandidate } from './candidate-features.ts';
import { FEATURE_NAMES, pageFeatures } from './candidate-features.ts';
import type { DisplayedRect, TextRun } from './find-types.ts';

const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
const rule = (rect: DisplayedRect, label = ''): FeatureCandidate => ({
  rect,
  kind: 'rule',
  type: 'text',
  label,
  confidence: 0.85,
});
const feature = (row: readonly number[] | undefined, name: string) =>
  row?.[FEATURE_NAMES.indexOf(name)];

describe('candidate features', () => {
  const words = [
    word('Name:', [40, 100, 70, 109]),
    word('Date:', [300, 100, 325, 109]),
    word('Address', [40, 130, 80, 139]),
  ];
  const page = {
    candidates: [
      rule([72, 97, 290, 110], 'Name'),
      rule([327, 97, 560, 110], 'Date'),
      rule([82, 127, 290, 140]),
    ],
    captions: [
      { text: 'Name', position: 'left' as const, distance: 2 },
      { text: 'Date', position: 'left' as const, distance: 2 },
      undefined,
    ],
    words,
    pageWidth: 612,
    pageHeight: 792,
  };

  it('gives one vector per candidate, of the named length, the same every time', () => {
    const first = pageFeatures(page);
    expect(first).toHaveLength(3);
    expect(first.every((row) => row.length === FEATURE_NAMES.length)).toBe(true);
    expect(pageFeatures(page)).toEqual(first);
  });

  it('reads the colon caption just left, the caption side, and the row it shares', () => {
    const [name, , address] = pageFeatures(page);
    expect(feature(name, 'left_word_colon')).toBe(1);
    expect(feature(name, 'caption_left')).toBe(1);
    expect(feature(name, 'row_neighbours')).toBeCloseTo(Math.log(2));
    expect(feature(address, 'has_caption')).toBe(0);
    expect(feature(address, 'left_word_colon')).toBe(0);
  });

  it('sees two candidates sharing a right edge across rows as aligned', () => {
    const [name, date, address] = pageFeatures(page);
    expect(feature(name, 'same_right_edge')).toBeCloseTo(Math.log(2));
    expect(feature(address, 'same_right_edge')).toBeCloseTo(Math.log(2));
    expect(feature(date, 'same_right_edge')).toBe(0);
  });

  it('marks a candidate the rules turned down with the reason', () => {
    const turnedDown = {
      ...page,
      candidates: [{ ...rule([72, 97, 290, 110]), rejectedBy: 'underlined' as const }],
      captions: [],
    };
    const [row] = pageFeatures(turnedDown);
    expect(feature(row, 'rejected_underlined')).toBe(1);
    expect(feature(row, 'rejected_data-row')).toBe(0);
  });
});

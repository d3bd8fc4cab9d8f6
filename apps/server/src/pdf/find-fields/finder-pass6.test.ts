// The sixth pass's rules (decisions.md, issue 29), each from a cause of the development split's
// misses: caption cells in rows that looked like tables of data, lines to write on closed by
// short end ticks, columns of short blanks, room inside a cell after "(" or ":", and white
// boxes on tinted panels.
import { describe, expect, it } from 'vitest';
import { findCellFields, findShadedBoxes } from './find-cells.ts';
import { findRuleFields } from './find-lines.ts';
import type { DisplayedRect, PaintedBox, TextRun, VerticalRule } from './find-types.ts';
import { describeCandidates } from './name-candidates.ts';

const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
const page = { page: 0, pageWidth: 612, pageHeight: 792 };
const rects = (found: { rect: DisplayedRect }[]) => found.map((c) => c.rect.map(Math.round));

describe('caption cells in a row', () => {
  it('finds the room after "Name:" and "Sex:" in a row of captioned cells', () => {
    const cells: DisplayedRect[] = [
      [28, 110, 357, 121],
      [357, 110, 442, 121],
    ];
    const words = [word('Name:', [30, 111, 55, 120]), word('Sex:', [359, 111, 375, 120])];
    expect(rects(findCellFields({ ...page, words }, cells, []))).toEqual([
      [57, 111, 357, 121],
      [377, 111, 442, 121],
    ]);
  });

  it('finds the room under captions printed at the top of their cells, beside a cell of text', () => {
    const cells: DisplayedRect[] = [
      [36, 198, 259, 222],
      [259, 198, 403, 222],
      [403, 198, 576, 222],
    ];
    const words = [
      word('Foreign country name', [40, 199, 108, 206]),
      word('Foreign postal code', [263, 199, 320, 206]),
      word('See instructions for the', [405, 199, 574, 206]),
      word('election campaign fund and', [405, 207, 574, 214]),
      word('check here to go on.', [405, 214, 574, 221]),
    ];
    expect(rects(findCellFields({ ...page, words }, cells, []))).toEqual([
      [37, 207, 259, 222],
      [260, 207, 403, 222],
    ]);
  });

  it('still takes top-aligned text over columns of text for a table of data', () => {
    // Two rows of a printed table: the right column's text wraps and makes each row tall.
    const cells: DisplayedRect[] = [
      [40, 100, 140, 130],
      [140, 100, 500, 130],
      [40, 130, 140, 160],
      [140, 130, 500, 160],
    ];
    const words = [
      word('created', [43, 102, 80, 111]),
      word('A record was created and its', [143, 102, 490, 111]),
      word('values were stored.', [143, 112, 300, 121]),
      word('deleted', [43, 132, 80, 141]),
      word('A record was deleted from the', [143, 132, 490, 141]),
      word('list and its files removed.', [143, 142, 300, 151]),
    ];
    expect(findCellFields({ ...page, words }, cells, [])).toEqual([]);
  });
});

describe('lines closed by end ticks', () => {
  const rule = { x0: 281.5, x1: 559.8, y: 330, weight: 0.5 };
  const ends = (height: number): VerticalRule[] => [
    { x: 281.7, y0: 330 - height, y1: 330, weight: 0.5 },
    { x: 559.5, y0: 330 - height, y1: 330, weight: 0.5 },
  ];
  const ctx = (vertical: VerticalRule[]) => ({
    ...page,
    words: [word('Nom de la voie', [280, 331, 322, 337])],
    vertical,
    horizontal: [rule],
  });

  it('takes a rule with ticks a few points high at its ends for a line to write on', () => {
    expect(rects(findRuleFields(ctx(ends(5.5)), [rule]))).toEqual([[282, 316, 560, 330]]);
  });

  it('still takes a rule whose ends meet cell-high verticals for a table edge', () => {
    expect(findRuleFields(ctx(ends(20)), [rule])).toEqual([]);
  });
});

describe('white boxes on tinted panels', () => {
  const accepted = (boxes: PaintedBox[]) => {
    const shaded = findShadedBoxes(boxes, 612 * 792);
    const found = findCellFields({ ...page, words: [] }, [], shaded);
    return describeCandidates(found, []).filter((c) => c.confidence >= 0.5);
  };
  const panel: PaintedBox = { rect: [20, 20, 590, 140], stroked: false, fill: '#d9d9d9' };
  const box: DisplayedRect = [28, 34, 442, 54];

  it('proposes a white box on a grey panel as room to write, even without a caption', () => {
    const found = accepted([panel, { rect: box, stroked: false, fill: '#ffffff' }]);
    expect(found.map((c) => [c.type, ...c.rect.map(Math.round)])).toEqual([
      ['text', 29, 35, 442, 54],
    ]);
  });

  it('leaves a grey box on the white page to a caption to confirm', () => {
    expect(accepted([{ rect: box, stroked: false, fill: '#d9d9d9' }])).toEqual([]);
  });
});

describe('columns of short blanks', () => {
  const blank = (y: number) => ({ x0: 586, x1: 606, y, weight: 1 });
  const ctx = (horizontal: ReturnType<typeof blank>[]) => ({
    ...page,
    words: [],
    vertical: [],
    horizontal,
  });

  it('takes three 20-pt rules stacked one under another for three blanks', () => {
    const column = [blank(300), blank(340), blank(380)];
    expect(rects(findRuleFields(ctx(column), column))).toEqual([
      [586, 286, 606, 300],
      [586, 326, 606, 340],
      [586, 366, 606, 380],
    ]);
  });

  it('still takes a lone 20-pt rule for decoration', () => {
    expect(findRuleFields(ctx([blank(300)]), [blank(300)])).toEqual([]);
  });
});

describe('room after an opening caption inside a cell', () => {
  it('finds the area code between "(" and ")" and the number after it', () => {
    const cell: DisplayedRect = [96.5, 594.7, 286.2, 611.5];
    const words = [word('(Area code', [99, 599, 128, 606]), word(')', [158, 599, 160, 606])];
    expect(rects(findCellFields({ ...page, words }, [cell], []))).toEqual([
      [129, 595, 157, 611],
      [162, 595, 286, 611],
    ]);
  });

  it('finds no room between words a sentence apart', () => {
    const cell: DisplayedRect = [96.5, 594.7, 286.2, 611.5];
    const words = [word('Area code', [99, 599, 128, 606]), word('only', [158, 599, 170, 606])];
    expect(rects(findCellFields({ ...page, words }, [cell], []))).toEqual([[172, 595, 286, 611]]);
  });
});

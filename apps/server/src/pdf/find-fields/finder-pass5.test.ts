// The fifth pass's rules (decisions.md, issue 29), each from a cause of the development split's
// false fields or misses: row captions, heading bars, cramped rules, ellipses, cut leaders and
// the Webdings box.
import { describe, expect, it } from 'vitest';
import { findCellFields } from './find-cells.ts';
import { findLeaderFields, findRuleFields } from './find-lines.ts';
import type { DisplayedRect, HorizontalRule, PaintedBox, TextRun } from './find-types.ts';
import { splitPageText } from './page-text.ts';

const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
const page = { page: 0, pageWidth: 792, pageHeight: 612 };
const rects = (found: { rect: DisplayedRect }[]) => found.map((c) => c.rect.map(Math.round));

describe('cells', () => {
  // "Total production" in a wide cell, then two entry cells of the row (one with a "+").
  const cells: DisplayedRect[] = [
    [30, 200, 297, 218],
    [297, 200, 378, 218],
    [378, 200, 459, 218],
  ];
  const caption = word('Total production', [32, 203, 95, 212]);

  it('takes a cell holding the row caption beside empty entry cells for a caption', () => {
    const words = [caption, word('+', [380, 203, 385, 212])];
    const found = findCellFields({ ...page, words }, cells, []);
    expect(rects(found)).toEqual([
      [298, 201, 378, 218],
      [387, 201, 459, 218],
    ]);
  });

  it('keeps the room in a caption cell when the cell to its right holds its own caption', () => {
    const tall: DisplayedRect[] = [
      [30, 200, 297, 230],
      [297, 200, 378, 230],
    ];
    const words = [caption, word('Date', [299, 203, 315, 212])];
    expect(rects(findCellFields({ ...page, words }, tall, []))).toEqual([
      [31, 213, 297, 230],
      [298, 213, 378, 230],
    ]);
  });

  it('takes the room beside text on a tinted bar for a heading, not under a caption', () => {
    const bar: DisplayedRect = [30, 100, 700, 118];
    const fills: PaintedBox[] = [{ rect: [29, 99, 701, 119], stroked: false, fill: '#d9d9d9' }];
    const heading = [word('V) Declaration of the paying institution', [32, 103, 260, 115])];
    expect(findCellFields({ ...page, words: heading, fills }, [bar], [])).toEqual([]);
    expect(findCellFields({ ...page, words: heading }, [bar], [])).toHaveLength(1);
    // A pale tinted entry cell with its caption on top keeps its room to write.
    const entry: DisplayedRect = [30, 200, 300, 228];
    const top = [word('Date of birth', [32, 201, 80, 208])];
    const tinted: PaintedBox[] = [{ rect: entry, stroked: false, fill: '#e8f0d8' }];
    expect(findCellFields({ ...page, words: top, fills: tinted }, [entry], [])).toHaveLength(1);
  });
});

describe('lines', () => {
  const ctx = (horizontal: HorizontalRule[], words: TextRun[] = []) => ({
    ...page,
    words,
    vertical: [],
    horizontal,
  });

  it('takes a rule with another rule less than 8 pt above it for no line to write on', () => {
    const box = { x0: 42, x1: 286, y: 198.5, weight: 0.25 };
    const under = { x0: 42, x1: 286, y: 206.3, weight: 0.25 };
    expect(findRuleFields(ctx([box, under]), [under])).toEqual([]);
    const spaced = { ...under, y: 214 };
    expect(findRuleFields(ctx([box, spaced]), [spaced])).toHaveLength(1);
  });

  it('takes a short run of dots for an ellipsis, a long one for a line to write on', () => {
    const leader = (x1: number) => ({
      rect: [100, 300, x1, 310] as DisplayedRect,
      size: 10,
      dots: true,
      baseline: 310,
    });
    expect(findLeaderFields(ctx([]), [leader(120)])).toEqual([]);
    expect(findLeaderFields(ctx([]), [leader(160)])).toHaveLength(1);
  });
});

describe('page text', () => {
  const frame = { view: [0, 0, 595, 842] as [number, number, number, number], rotate: 0 };
  const item = (str: string, x: number, fontName = 'g_d0_f1') => ({
    str,
    transform: [10, 0, 0, 10, x, 700],
    width: 5 * str.length,
    height: 10,
    fontName,
  });

  it('joins a run of dots cut into two text items into one leader', () => {
    const text = splitPageText(
      [item('.'.repeat(20), 100), item('.'.repeat(40), 200)],
      frame,
      () => 'Helvetica',
    );
    expect(text.leaders.map((l) => l.rect.map(Math.round))).toEqual([[100, 132, 400, 142]]);
  });

  it('reads Webdings "c" as a box, and "c" in Wingdings or Helvetica as no box', () => {
    const fonts: Record<string, string> = {
      web: 'JVFGUT+Webdings',
      wing: 'ABCDEF+Wingdings-Regular',
      helv: 'Helvetica',
    };
    const glyphs = (font: string) =>
      splitPageText([item('\uf063', 100, font)], frame, (id) => fonts[id] ?? '').glyphs;
    expect(glyphs('web')).toHaveLength(1);
    expect(glyphs('wing')).toEqual([]);
    expect(splitPageText([item('c', 100, 'helv')], frame, (id) => fonts[id] ?? '').glyphs).toEqual(
      [],
    );
  });
});

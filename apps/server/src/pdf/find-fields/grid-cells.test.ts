import { describe, expect, it } from 'vitest';
import { findCellFields } from './find-cells.ts';
import type { DisplayedRect, HorizontalRule, TextRun, VerticalRule } from './find-types.ts';
import { findGridCells } from './grid-cells.ts';

const rule = (x0: number, x1: number, y: number): HorizontalRule => ({ x0, x1, y, weight: 0.5 });
const post = (x: number, y0: number, y1: number): VerticalRule => ({ x, y0, y1, weight: 0.5 });
const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
const rounded = (cells: DisplayedRect[]) =>
  cells.map((c) => c.map(Math.round)).sort((a, b) => a[1]! - b[1]! || a[0]! - b[0]!);

describe('table cells', () => {
  it('closes a column on the common end of its rules when its outer side is not drawn', () => {
    // Dollars 482–554 between two drawn verticals, cents 554–576 open on the right.
    const horizontal = [rule(482, 576, 348), rule(482, 576, 360)];
    const vertical = [post(482, 336, 744), post(554, 336, 744)];
    expect(rounded(findGridCells(horizontal, vertical))).toEqual([
      [482, 348, 554, 360],
      [554, 348, 576, 360],
    ]);
  });

  it('makes no cell of two lines to write on, nor where the rules end apart', () => {
    expect(findGridCells([rule(100, 400, 300), rule(100, 400, 320)], [])).toEqual([]);
    const ragged = [rule(100, 400, 300), rule(100, 340, 320)];
    expect(findGridCells(ragged, [post(100, 290, 330)])).toEqual([]);
  });

  it('proposes the room after a sign in a summing column, even above an empty cell', () => {
    const cells: DisplayedRect[] = [
      [297, 225, 378, 243],
      [297, 243, 378, 261],
    ];
    const words = [word('+', [298.6, 227.8, 304.4, 237.8])];
    const found = findCellFields({ page: 0, pageWidth: 792, pageHeight: 612, words }, cells, []);
    expect(found.map((c) => c.rect.map(Math.round))).toEqual([
      [306, 226, 378, 243],
      [298, 244, 378, 261],
    ]);
  });
});

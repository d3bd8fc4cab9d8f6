import { describe, expect, it } from 'vitest';
import { dropPatterns } from './drop-patterns.ts';
import type { DisplayedRect, RawCandidate } from './find-types.ts';
import { splitTableBodies } from './table-rows.ts';

const area = (x0: number, x1: number, top = 232, bottom = 504) => ({
  cell: [x0, top - 12, x1, bottom] as DisplayedRect,
  free: [x0 + 0.5, top, x1 - 0.5, bottom] as DisplayedRect,
});

describe('table bodies without row rules', () => {
  it('cuts ≥ 3 tall columns side by side into rows of one written line', () => {
    const columns = [area(32, 228), area(228, 278), area(278, 320)];
    const { rows, divided } = splitTableBodies(1, columns);
    expect(divided.size).toBe(3);
    expect(rows).toHaveLength(3 * 17); // 272 pt / 16 pt
    expect(rows[0]).toMatchObject({ page: 1, kind: 'cell', rect: [32.5, 232, 227.5, 247] });
    expect(rows.every((r) => r.rect[3] - r.rect[1] > 14)).toBe(true);
  });

  it('leaves two columns, short columns and columns of different heights alone', () => {
    expect(splitTableBodies(0, [area(32, 228), area(228, 278)]).rows).toEqual([]);
    expect(
      splitTableBodies(
        0,
        [32, 100, 200].map((x) => area(x, x + 68, 232, 262)),
      ).rows,
    ).toEqual([]);
    const uneven = [area(32, 228), area(228, 278, 232, 400), area(278, 320)];
    expect(splitTableBodies(0, uneven).rows).toEqual([]);
  });
});

const mark = (kind: RawCandidate['kind'], rect: DisplayedRect): RawCandidate => ({
  page: 0,
  rect,
  kind,
  strength: 0.8,
});

describe('patterns that are not fields', () => {
  it('drops touching squares, small rings and stacked comb rows; keeps spaced ones', () => {
    const kept = dropPatterns([
      mark('box', [100, 100, 108, 108]),
      mark('box', [109, 100, 117, 108]), // touches the first: a chart's bars
      mark('box', [200, 100, 208, 108]),
      mark('box', [230, 100, 238, 108]), // spaced: checkboxes
      mark('circle', [300, 100, 305, 105]), // a bullet
      mark('circle', [320, 100, 328, 108]),
      mark('comb', [50, 200, 150, 207]),
      mark('comb', [50, 207, 150, 214]), // stacked on the row above: a grid
      mark('comb', [50, 300, 150, 316]),
    ]);
    expect(kept.map((c) => [c.kind, c.rect[0], c.rect[1]])).toEqual([
      ['box', 200, 100],
      ['box', 230, 100],
      ['circle', 320, 100],
      ['comb', 50, 300],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  displayedPageSize,
  normalizeRotation,
  toDisplayedPoint,
  toDisplayedRect,
} from './pdf-geometry.ts';
import type { PageFrame } from './pdf-geometry.ts';

// CropBox [60 110 440 390]: 380 x 280 pt, origin not at zero. Widget /Rect [100 200 200 230]
// is 40..140 from the crop's left edge and 160..190 from its top edge before rotation.
const view: PageFrame['view'] = [60, 110, 440, 390];
const rect: [number, number, number, number] = [100, 200, 200, 230];

describe('pdf-geometry', () => {
  it('normalises /Rotate values, including negative and large multiples of 90', () => {
    expect([0, 90, 180, 270, 360, -90, 450, -540].map(normalizeRotation)).toEqual([
      0, 90, 180, 270, 0, 270, 90, 180,
    ]);
  });

  it('measures from the CropBox top-left on an unrotated page', () => {
    expect(toDisplayedRect(rect, { view, rotate: 0 })).toEqual([40, 160, 140, 190]);
    expect(displayedPageSize({ view, rotate: 0 })).toEqual({ width: 380, height: 280 });
  });

  it.each([
    // 90° clockwise: the unrotated top edge becomes the right edge.
    [90, [90, 40, 120, 140], { width: 280, height: 380 }],
    [180, [240, 90, 340, 120], { width: 380, height: 280 }],
    [270, [160, 240, 190, 340], { width: 280, height: 380 }],
    [-90, [160, 240, 190, 340], { width: 280, height: 380 }],
  ] as const)('applies /Rotate %i clockwise', (rotate, expected, size) => {
    expect(toDisplayedRect(rect, { view, rotate })).toEqual(expected);
    expect(displayedPageSize({ view, rotate })).toEqual(size);
  });

  it('maps the crop corners to the displayed corners for every rotation', () => {
    for (const rotate of [0, 90, 180, 270]) {
      const { width, height } = displayedPageSize({ view, rotate });
      const corners = [
        toDisplayedPoint(60, 110, { view, rotate }),
        toDisplayedPoint(440, 390, { view, rotate }),
      ].flat();
      expect(corners.every((v) => v === 0 || v === width || v === height)).toBe(true);
    }
  });

  it('accepts rectangles with swapped corners and never returns -0', () => {
    const result = toDisplayedRect([200, 230, 100, 200], { view, rotate: 0 });
    expect(result).toEqual([40, 160, 140, 190]);
    expect(Object.is(toDisplayedRect([60, 390, 70, 400], { view, rotate: 0 })[0], -0)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMBINATION_SEPARATOR,
  FILE_NAME_PART_LIMIT,
  FORM_VIEW_ZOOM,
  MAPPING_ZOOM,
  MAX_UPLOAD_BYTES,
  MISSING_COMBINATION_SEPARATOR,
  SHORT_ID_LENGTH,
} from './limits.ts';

// These numbers are the product's promises (spec §9, contract.md); a change must be deliberate.
describe('limits', () => {
  it('allows 10 MB uploads everywhere', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });

  it.each([
    ['mapping view', MAPPING_ZOOM, [50, 300, 25]],
    ['form view', FORM_VIEW_ZOOM, [60, 200, 20]],
  ] as const)(
    'keeps the %s zoom range on its steps, with 100%% reachable',
    (_name, zoom, expected) => {
      expect([zoom.min, zoom.max, zoom.step]).toEqual(expected);
      expect((zoom.max - zoom.min) % zoom.step).toBe(0);
      expect((zoom.reset - zoom.min) % zoom.step).toBe(0);
    },
  );

  it('matches the spec defaults for ids, file names and separators', () => {
    expect([SHORT_ID_LENGTH, FILE_NAME_PART_LIMIT]).toEqual([8, 100]);
    expect([DEFAULT_COMBINATION_SEPARATOR, MISSING_COMBINATION_SEPARATOR]).toEqual([', ', ' ']);
  });
});

// Small rectangle helpers for the field finder and its evaluation (displayed coordinates).
import type { DisplayedRect } from './find-types.ts';

export const widthOf = (r: DisplayedRect): number => r[2] - r[0];
export const heightOf = (r: DisplayedRect): number => r[3] - r[1];
export const areaOf = (r: DisplayedRect): number =>
  Math.max(0, widthOf(r)) * Math.max(0, heightOf(r));

/** Length of the overlap of [a0, a1] and [b0, b1] (0 when apart). */
export function overlap1d(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

export function intersectionArea(a: DisplayedRect, b: DisplayedRect): number {
  return overlap1d(a[0], a[2], b[0], b[2]) * overlap1d(a[1], a[3], b[1], b[3]);
}

/** Intersection over union of two rectangles. */
export function iou(a: DisplayedRect, b: DisplayedRect): number {
  const inter = intersectionArea(a, b);
  const union = areaOf(a) + areaOf(b) - inter;
  return union > 0 ? inter / union : 0;
}

export function centreOf(r: DisplayedRect): [number, number] {
  return [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
}

/** Whether point (x, y) lies inside `r` grown by `margin` on every side. */
export function containsPoint(r: DisplayedRect, x: number, y: number, margin = 0): boolean {
  return x >= r[0] - margin && x <= r[2] + margin && y >= r[1] - margin && y <= r[3] + margin;
}

/** Whether the colour `#rrggbb` is close to white. */
export function isLight(colour: string | null, threshold = 0.93): boolean {
  if (colour === null || !/^#[0-9a-f]{6}$/iu.test(colour)) {
    return false;
  }
  const value = Number.parseInt(colour.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255 >= threshold;
}

/** Perceived lightness 0 (black) .. 1 (white) of `#rrggbb`; unknown colours count as black. */
export function lightnessOf(colour: string | null): number {
  if (colour === null || !/^#[0-9a-f]{6}$/iu.test(colour)) {
    return 0;
  }
  const value = Number.parseInt(colour.slice(1), 16);
  return (
    (0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255)) / 255
  );
}

// PDF user space (origin bottom-left, y up, unrotated) -> page as displayed (origin top-left of
// the CropBox, y down, /Rotate applied clockwise), the coordinate system of contract.md.
import type { DisplayedRect, PageSize } from './detect-types.ts';

/** `[x1, y1, x2, y2]` in PDF user space. */
export type UserRect = [number, number, number, number];

/** The visible page box in user space (CropBox clipped to MediaBox) and its /Rotate. */
export type PageFrame = { view: UserRect; rotate: number };

/** /Rotate reduced to 0, 90, 180 or 270 (PDF allows any multiple of 90, also negative). */
export function normalizeRotation(rotate: number): 0 | 90 | 180 | 270 {
  const quarterTurns = Math.round(rotate / 90);
  const r = (((quarterTurns % 4) + 4) % 4) * 90;
  return r === 90 || r === 180 || r === 270 ? r : 0;
}

/** Round to 1/1000 pt so results are stable and JSON stays short. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000 + 0; // `+ 0` turns -0 into 0
}

/** Order the corners of any rectangle so x1 <= x2 and y1 <= y2. */
export function normalizeRect(rect: UserRect): UserRect {
  const [a, b, c, d] = rect;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** Page size in points as displayed: CropBox size, swapped for 90/270 rotation. */
export function displayedPageSize(frame: PageFrame): PageSize {
  const w = frame.view[2] - frame.view[0];
  const h = frame.view[3] - frame.view[1];
  const r = normalizeRotation(frame.rotate);
  return r === 90 || r === 270
    ? { width: round(h), height: round(w) }
    : { width: round(w), height: round(h) };
}

/** Map one user-space point to displayed coordinates `[x, y]` (y grows downwards). */
export function toDisplayedPoint(x: number, y: number, frame: PageFrame): [number, number] {
  const [vx1, vy1, vx2, vy2] = frame.view;
  const w = vx2 - vx1;
  const h = vy2 - vy1;
  // Unrotated, measured from the CropBox's top-left corner with y down.
  const u = x - vx1;
  const v = vy2 - y;
  switch (normalizeRotation(frame.rotate)) {
    case 90:
      return [h - v, u];
    case 180:
      return [w - u, h - v];
    case 270:
      return [v, w - u];
    default:
      return [u, v];
  }
}

/** Map a user-space rectangle to `[left, top, right, bottom]` on the displayed page. */
export function toDisplayedRect(rect: UserRect, frame: PageFrame): DisplayedRect {
  const [x1, y1, x2, y2] = normalizeRect(rect);
  const [ax, ay] = toDisplayedPoint(x1, y1, frame);
  const [bx, by] = toDisplayedPoint(x2, y2, frame);
  return [
    round(Math.min(ax, bx)),
    round(Math.min(ay, by)),
    round(Math.max(ax, bx)),
    round(Math.max(ay, by)),
  ];
}

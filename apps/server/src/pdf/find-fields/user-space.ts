// Displayed coordinates (contract.md: top-left origin of the CropBox, y down, /Rotate applied)
// back to PDF user space, for writing widgets where the user drew them. The inverse of
// pdf-geometry.ts's toDisplayedPoint.
import type { PDFPage } from '@cantoo/pdf-lib';
import type { DisplayedRect } from '../detect/detect-types.ts';
import { normalizeRotation } from '../detect/pdf-geometry.ts';

type View = { x0: number; y0: number; x1: number; y1: number; rotate: number };

/** One displayed point in user space. */
export function toUserPoint(dx: number, dy: number, view: View): [number, number] {
  const w = view.x1 - view.x0;
  const h = view.y1 - view.y0;
  let u: number;
  let v: number;
  switch (normalizeRotation(view.rotate)) {
    case 90:
      [u, v] = [dy, h - dx];
      break;
    case 180:
      [u, v] = [w - dx, h - dy];
      break;
    case 270:
      [u, v] = [w - dy, dx];
      break;
    default:
      [u, v] = [dx, dy];
  }
  return [u + view.x0, view.y1 - v];
}

/** The page's visible box (CropBox within MediaBox) and rotation. */
export function pageView(page: PDFPage): View {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  const x0 = Math.max(media.x, crop.x);
  const y0 = Math.max(media.y, crop.y);
  const x1 = Math.min(media.x + media.width, crop.x + crop.width);
  const y1 = Math.min(media.y + media.height, crop.y + crop.height);
  return { x0, y0, x1, y1, rotate: page.getRotation().angle };
}

/** A displayed rectangle as pdf-lib's {x, y, width, height} in user space. */
export function toUserRect(rect: DisplayedRect, page: PDFPage) {
  const view = pageView(page);
  const [ax, ay] = toUserPoint(rect[0], rect[1], view);
  const [bx, by] = toUserPoint(rect[2], rect[3], view);
  return {
    x: Math.min(ax, bx),
    y: Math.min(ay, by),
    width: Math.abs(bx - ax),
    height: Math.abs(by - ay),
  };
}

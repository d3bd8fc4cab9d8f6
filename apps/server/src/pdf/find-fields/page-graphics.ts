// The drawn shapes of a page from pdf.js's operator list: rules, rectangles, small circles and
// image coverage, in displayed coordinates. The current transformation matrix is tracked through
// save/restore, `cm` and form XObjects, since forms draw their boxes at any scale or offset.
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageFrame } from '../detect/pdf-geometry.ts';
import { toDisplayedPoint } from '../detect/pdf-geometry.ts';
import type { DisplayedRect, PageGraphics } from './find-types.ts';
import { lightnessOf } from './rect-math.ts';

type Matrix = [number, number, number, number, number, number];
type State = { ctm: Matrix; fill: string; stroke: string; lineWidth: number; tiled: boolean };
type Point = [number, number];
type Subpath = { points: Point[]; curved: boolean; closed: boolean };

/** pdf.js DrawOPS codes inside a constructPath buffer. */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

const THIN = 2.5; // pt: a filled bar thinner than this is a rule
// Rules and bars this light are invisible on paper: a layout grid, not a line to write on.
const INVISIBLE = 0.97;
const AXIS_SLACK = 0.6; // pt: how far a "horizontal" segment's ends may differ in height
const CIRCLE_MIN = 4;
const CIRCLE_MAX = 18;

const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
const FILLS = new Set<number>([OPS.fill, OPS.eoFill]);
const BOTH = new Set<number>([
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const IMAGES = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
]);

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function asMatrix(value: unknown): Matrix | null {
  if ((Array.isArray(value) || ArrayBuffer.isView(value)) && (value as ArrayLike<number>).length) {
    const v = Array.from(value as ArrayLike<number>);
    if (v.length === 6 && v.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      return v as Matrix;
    }
  }
  return null;
}

function splitSubpaths(data: ArrayLike<number>): Subpath[] {
  const paths: Subpath[] = [];
  let current: Subpath | null = null;
  let i = 0;
  while (i < data.length) {
    const op = data[i] ?? -1;
    if (op === MOVE) {
      current = { points: [[data[i + 1] ?? 0, data[i + 2] ?? 0]], curved: false, closed: false };
      paths.push(current);
      i += 3;
    } else if (op === LINE) {
      current?.points.push([data[i + 1] ?? 0, data[i + 2] ?? 0]);
      i += 3;
    } else if (op === CURVE) {
      if (current) {
        current.curved = true;
        current.points.push([data[i + 5] ?? 0, data[i + 6] ?? 0]);
        current.points.push([data[i + 1] ?? 0, data[i + 2] ?? 0]); // keeps the bbox honest
      }
      i += 7;
    } else if (op === QUAD) {
      if (current) {
        current.curved = true;
        current.points.push([data[i + 3] ?? 0, data[i + 4] ?? 0]);
      }
      i += 5;
    } else if (op === CLOSE) {
      if (current) {
        current.closed = true;
      }
      i += 1;
    } else {
      break; // unknown code: the rest of the buffer cannot be read safely
    }
  }
  return paths;
}

function bbox(points: Point[]): DisplayedRect {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Whether the points trace an axis-aligned rectangle (4 corners, optionally repeated first). */
function isAxisRectangle(points: Point[]): boolean {
  const pts =
    points.length === 5 &&
    Math.abs(points[0]![0] - points[4]![0]) < AXIS_SLACK &&
    Math.abs(points[0]![1] - points[4]![1]) < AXIS_SLACK
      ? points.slice(0, 4)
      : points;
  if (pts.length !== 4) {
    return false;
  }
  for (let k = 0; k < 4; k++) {
    const a = pts[k]!;
    const b = pts[(k + 1) % 4]!;
    if (Math.abs(a[0] - b[0]) > AXIS_SLACK && Math.abs(a[1] - b[1]) > AXIS_SLACK) {
      return false;
    }
  }
  return true;
}

/** Collects the shapes while walking the operator list. */
class GraphicsCollector {
  readonly out: PageGraphics = {
    horizontal: [],
    vertical: [],
    boxes: [],
    circles: [],
    hatched: [],
    imageArea: 0,
  };

  private readonly frame: PageFrame;

  constructor(frame: PageFrame) {
    this.frame = frame;
  }

  private toPage(p: Point, m: Matrix): Point {
    const x = m[0] * p[0] + m[2] * p[1] + m[4];
    const y = m[1] * p[0] + m[3] * p[1] + m[5];
    return toDisplayedPoint(x, y, this.frame);
  }

  private addSegment(a: Point, b: Point, weight: number): void {
    if (Math.abs(a[1] - b[1]) <= AXIS_SLACK && Math.abs(a[0] - b[0]) > AXIS_SLACK) {
      const y = (a[1] + b[1]) / 2;
      this.out.horizontal.push({ x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y, weight });
    } else if (Math.abs(a[0] - b[0]) <= AXIS_SLACK && Math.abs(a[1] - b[1]) > AXIS_SLACK) {
      const x = (a[0] + b[0]) / 2;
      this.out.vertical.push({ y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]), x, weight });
    }
  }

  paintPath(op: number, data: ArrayLike<number>, state: State): void {
    const stroked = STROKES.has(op) || BOTH.has(op);
    const filled = FILLS.has(op) || BOTH.has(op);
    if (!stroked && !filled) {
      return; // clipping paths and `n` paint nothing
    }
    const scale = Math.sqrt(Math.abs(state.ctm[0] * state.ctm[3] - state.ctm[1] * state.ctm[2]));
    const lineWidth = Math.max(state.lineWidth * scale, 0.1);
    for (const sub of splitSubpaths(data)) {
      const points = sub.points.map((p) => this.toPage(p, state.ctm));
      if (points.length < 2) {
        continue;
      }
      const rect = bbox(points);
      const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
      if (filled && state.tiled && !sub.curved && isAxisRectangle(points)) {
        // A rectangle filled with a tiling pattern (hatching): a part the form strikes out.
        this.out.hatched.push(rect);
        continue;
      }
      if (sub.curved) {
        const isRound = w >= CIRCLE_MIN && w <= CIRCLE_MAX && Math.abs(w - h) <= 0.25 * w;
        if (isRound) {
          this.out.circles.push({ rect, fill: filled ? state.fill : null });
        } else if (w > CIRCLE_MAX || h > CIRCLE_MAX) {
          // Rounded rectangles are boxes too (modern forms round their entry boxes' corners).
          this.out.boxes.push({ rect, stroked, fill: filled ? state.fill : null, rounded: true });
        }
        continue;
      }
      if (filled && isAxisRectangle(points) && (h <= THIN || w <= THIN)) {
        if (lightnessOf(state.fill) >= INVISIBLE) {
          continue;
        }
        if (h <= THIN && w > 3 * h) {
          this.out.horizontal.push({
            x0: rect[0],
            x1: rect[2],
            y: (rect[1] + rect[3]) / 2,
            weight: h,
          });
          continue;
        }
        if (w <= THIN && h > 3 * w) {
          this.out.vertical.push({
            y0: rect[1],
            y1: rect[3],
            x: (rect[0] + rect[2]) / 2,
            weight: w,
          });
          continue;
        }
      }
      if (isAxisRectangle(points) && w > 1 && h > 1) {
        this.out.boxes.push({ rect, stroked, fill: filled ? state.fill : null });
      }
      if (stroked && lightnessOf(state.stroke) < INVISIBLE) {
        const closed = sub.closed || isAxisRectangle(points);
        const last = closed ? points.length : points.length - 1;
        for (let k = 0; k < last; k++) {
          this.addSegment(points[k]!, points[(k + 1) % points.length]!, lineWidth);
        }
      }
    }
  }

  paintImage(ctm: Matrix): void {
    const corners = (
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ] as Point[]
    ).map((p) => this.toPage(p, ctm));
    const r = bbox(corners);
    this.out.imageArea += (r[2] - r[0]) * (r[3] - r[1]);
  }
}

/** The shapes drawn by one page's operator list (annotations excluded by the caller). */
export function collectGraphics(
  operatorList: { fnArray: number[]; argsArray: unknown[][] },
  frame: PageFrame,
): PageGraphics {
  const collector = new GraphicsCollector(frame);
  let state: State = {
    ctm: [1, 0, 0, 1, 0, 0],
    fill: '#000000',
    stroke: '#000000',
    lineWidth: 1,
    tiled: false,
  };
  const stack: State[] = [];
  const { fnArray, argsArray } = operatorList;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] ?? [];
    switch (fn) {
      case OPS.save:
        stack.push({ ...state });
        break;
      case OPS.restore:
        state = stack.pop() ?? state;
        break;
      case OPS.transform: {
        const m = asMatrix(args);
        if (m) {
          state = { ...state, ctm: multiply(m, state.ctm) };
        }
        break;
      }
      case OPS.paintFormXObjectBegin: {
        stack.push({ ...state });
        const m = asMatrix(args[0]);
        if (m) {
          state = { ...state, ctm: multiply(m, state.ctm) };
        }
        break;
      }
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.setLineWidth:
        state = { ...state, lineWidth: typeof args[0] === 'number' ? args[0] : state.lineWidth };
        break;
      case OPS.setFillRGBColor:
        state = {
          ...state,
          fill: typeof args[0] === 'string' ? args[0] : state.fill,
          tiled: false,
        };
        break;
      case OPS.setFillColorN:
        // pdf.js hands a pattern over as its IR: ["TilingPattern", …] or a shading's.
        state = { ...state, tiled: args[0] === 'TilingPattern' };
        break;
      case OPS.setStrokeRGBColor:
        state = { ...state, stroke: typeof args[0] === 'string' ? args[0] : state.stroke };
        break;
      case OPS.constructPath: {
        const op = args[0];
        const data = (args[1] as unknown[] | undefined)?.[0];
        if (
          typeof op === 'number' &&
          data &&
          typeof (data as ArrayLike<number>).length === 'number'
        ) {
          collector.paintPath(op, data as ArrayLike<number>, state);
        }
        break;
      }
      default:
        if (fn !== undefined && IMAGES.has(fn)) {
          collector.paintImage(state.ctm);
        }
    }
  }
  return collector.out;
}

// Table bodies without row rules: a row of ≥ 3 tall empty cells side by side, all the same
// height, under column headers, is where a list is written one entry per line (a schedule of
// payments, a list of dividends). Each column is cut into rows of about one handwritten line.
import type { DisplayedRect, RawCandidate } from './find-types.ts';

/** Pitch of one written row, pt: a quarter inch less a little, as printed ruled tables use. */
const ROW_PITCH = 16;
const MIN_ROWS = 3;
const MIN_COLUMNS = 3;
const SAME_EDGE = 1.5; // pt
const ABUT = 2.5; // pt between the columns' borders

/** A cell and the part of it left for writing (under its column number or heading, if any). */
export type CellArea = { cell: DisplayedRect; free: DisplayedRect };

/** Runs of ≥ 3 abutting free parts with the same top and bottom, each ≥ 3 rows tall. */
function findBodies(areas: readonly CellArea[]): CellArea[][] {
  const tall = areas
    .filter(({ free }) => free[3] - free[1] >= MIN_ROWS * ROW_PITCH)
    // Bands of ~2 pt, so tops drawn a fraction apart still sort left to right.
    .sort(
      (a, b) =>
        Math.round(a.free[1] / 2) - Math.round(b.free[1] / 2) ||
        Math.round(a.free[3] / 2) - Math.round(b.free[3] / 2) ||
        a.free[0] - b.free[0],
    );
  const bodies: CellArea[][] = [];
  let run: CellArea[] = [];
  const flush = () => {
    if (run.length >= MIN_COLUMNS) {
      bodies.push(run);
    }
    run = [];
  };
  for (const area of tall) {
    const prev = run[run.length - 1];
    const isNext =
      prev !== undefined &&
      Math.abs(prev.free[1] - area.free[1]) <= SAME_EDGE &&
      Math.abs(prev.free[3] - area.free[3]) <= SAME_EDGE &&
      Math.abs(area.cell[0] - prev.cell[2]) <= ABUT;
    if (!isNext) {
      flush();
    }
    run.push(area);
  }
  flush();
  return bodies;
}

/**
 * One text field per row of every column of every table body found among the cells' free parts,
 * and the cells so divided (they are not fields themselves).
 */
export function splitTableBodies(
  page: number,
  areas: readonly CellArea[],
): { rows: RawCandidate[]; divided: Set<DisplayedRect> } {
  const rows: RawCandidate[] = [];
  const divided = new Set<DisplayedRect>();
  for (const body of findBodies(areas)) {
    for (const { free } of body) {
      const [x0, top, x1, bottom] = free;
      const count = Math.max(MIN_ROWS, Math.round((bottom - top) / ROW_PITCH));
      const pitch = (bottom - top) / count;
      for (let k = 0; k < count; k++) {
        rows.push({
          page,
          rect: [x0, top + k * pitch, x1, top + (k + 1) * pitch - 1],
          kind: 'cell',
          // A row far down a column has no caption of its own: the column's shape is the cue.
          strength: 0.85,
        });
      }
    }
    body.forEach(({ cell }) => divided.add(cell));
  }
  return { rows, divided };
}

// Later rows of a table, read from the page and the names, not from the words of the names alone.
// A household, dependants' or children's table prints the same row of boxes again and again:
// boxes of equal size at the same column edges, one row under the other, captioned once by the
// column headers. Row 1 may be the record's own line; rows 2..n are other people's, and the
// record's own name, birth date or address never goes there (regions.ts, score.ts). Numbered
// filler names (`Text12`…`Text40`) hide such tables from the name rule (field-name.ts markRows):
// the geometry still shows them. A form laid out in a grid of equal boxes ("Vorname | Name",
// "Straße | Ort", …) is no table: each of its rows has captions of its own.
//
// Copies by index: `Ulica2[0]` and `Ulica2[1]` on one page are two boxes of one name, the same
// question asked again for another address or person: all but the first on the page are copies.
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';

/** Edges and tops this close (points) are the same line. */
const SAME_EDGE = 2.5;
/** A table has at least this many rows of the same boxes, and this many columns in common. */
const MIN_ROWS = 3;
const MIN_COLUMNS = 2;
/** The next row starts at most this many row heights under the one before. */
const MAX_ROW_GAP = 1.5;

type Box = { name: string; info: FieldInfoDto };
type Row = { top: number; height: number; boxes: Box[] };

const near = (a: number, b: number) => Math.abs(a - b) <= SAME_EDGE;

/** Text boxes of one page in rows: the same top and height. */
function rowsOf(boxes: readonly Box[]): Row[] {
  const rows: Row[] = [];
  const sorted = [...boxes].sort((a, b) => a.info.rect[1] - b.info.rect[1]);
  for (const box of sorted) {
    const [, top, , bottom] = box.info.rect;
    const row = rows.find((r) => near(r.top, top) && near(r.height, bottom - top));
    if (row) {
      row.boxes.push(box);
    } else {
      rows.push({ top, height: bottom - top, boxes: [box] });
    }
  }
  return rows;
}

/** The box of `row` at the same column edges as `box`, if any. */
function sameColumn(row: Row, box: Box): Box | undefined {
  const [x0, , x1] = box.info.rect;
  return row.boxes.find((other) => near(other.info.rect[0], x0) && near(other.info.rect[2], x1));
}

/**
 * A later row repeats the first one when its boxes in the shared columns have no caption of their
 * own: none, or the first row's (the column header the layout finder gave every row).
 */
function repeatsFirst(first: readonly Box[], row: Row): Box[] | null {
  const repeated: Box[] = [];
  for (const head of first) {
    const box = sameColumn(row, head);
    if (box === undefined) {
      continue;
    }
    if (box.info.label !== undefined && box.info.label !== head.info.label) {
      return null;
    }
    repeated.push(box);
  }
  return repeated.length >= MIN_COLUMNS ? repeated : null;
}

/** Names of the boxes in row 1 and in rows 2..n of every table of equal rows on the pages. */
export function tableRows(fields: FieldDataDto): { first: Set<string>; later: Set<string> } {
  const first = new Set<string>();
  const later = new Set<string>();
  const byPage = new Map<number, Box[]>();
  for (const [name, info] of Object.entries(fields)) {
    if (info.type === 'text') {
      byPage.set(info.page, [...(byPage.get(info.page) ?? []), { name, info }]);
    }
  }
  for (const boxes of byPage.values()) {
    const rows = rowsOf(boxes);
    const inTable = new Set<Row>();
    for (const [i, start] of rows.entries()) {
      if (inTable.has(start) || start.boxes.length < MIN_COLUMNS) {
        continue;
      }
      const chain: Box[][] = [];
      let previous = start;
      for (const row of rows.slice(i + 1)) {
        const gap = row.top - (previous.top + previous.height);
        if (gap > previous.height * MAX_ROW_GAP) {
          break;
        }
        const repeated = gap >= -SAME_EDGE ? repeatsFirst(start.boxes, row) : null;
        if (repeated !== null) {
          chain.push(repeated);
          inTable.add(row);
          previous = row;
        }
      }
      if (chain.length + 1 >= MIN_ROWS) {
        const columns = chain.flat();
        columns.forEach((box) => later.add(box.name));
        start.boxes
          .filter((head) => columns.some((box) => sameColumn({ ...start, boxes: [head] }, box)))
          .forEach((head) => first.add(head.name));
      }
    }
  }
  return { first, later };
}

/** The box's name without the array index of its last segment (`Ulica2[1]` → `Ulica2`). */
export function withoutIndex(name: string): string {
  return name.replace(/\[\d+\]$/, '');
}

/**
 * Boxes sharing one name but for the index on one page, all but the first in reading order:
 * `Ulica2[0]` under `Ulica2[1]` asks for another address than the first.
 */
export function indexedCopies(fields: FieldDataDto): Set<string> {
  const groups = new Map<string, Box[]>();
  for (const [name, info] of Object.entries(fields)) {
    if (info.type === 'text' && /\[\d+\]$/.test(name)) {
      const key = `${info.page}|${withoutIndex(name)}`;
      groups.set(key, [...(groups.get(key) ?? []), { name, info }]);
    }
  }
  const copies = new Set<string>();
  for (const group of groups.values()) {
    const ordered = group.sort(
      (a, b) => a.info.rect[1] - b.info.rect[1] || a.info.rect[0] - b.info.rect[0],
    );
    ordered.slice(1).forEach((box) => copies.add(box.name));
  }
  return copies;
}

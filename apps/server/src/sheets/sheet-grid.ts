import { MAX_SHEET_CELLS, SheetLimitError } from './sheet-limits.ts';

/** One row as the cells that have text: `texts[i]` is in column `columns[i]` (0-based). */
export type SparseRow = { columns: number[]; texts: string[] };

/** A sheet as the import reads it: the header's cells with their columns, and the data rows. */
export type SheetGrid = {
  /** The sheet's column index (0-based) of each kept column, for 'Column N' names. */
  columnIndexes: number[];
  header: string[];
  /** Data rows over the kept columns, each cut after its last non-empty cell ([] when blank). */
  rows: string[][];
};

/** A dense row (CSV) as a sparse one: only the cells with text. */
export function toSparseRow(cells: readonly string[]): SparseRow {
  const row: SparseRow = { columns: [], texts: [] };
  cells.forEach((text, column) => {
    if (text !== '') {
      row.columns.push(column);
      row.texts.push(text);
    }
  });
  return row;
}

/**
 * Lays sparse rows out as the grid the import works on: every column up to the header's last
 * name, and past it only the columns with text somewhere, so a sheet whose data has one cell at
 * XFD is a few columns wide, not 16,384. The grid's size is counted before a row is built, and
 * past MAX_SHEET_CELLS it is refused.
 */
export function toGrid(rows: readonly SparseRow[]): SheetGrid {
  const headerWidth = (rows[0]?.columns.at(-1) ?? -1) + 1;
  const used = new Set<number>(Array.from({ length: headerWidth }, (_, column) => column));
  for (const row of rows) {
    row.columns.forEach((column) => used.add(column));
  }
  const columnIndexes = [...used].sort((a, b) => a - b);
  const position = new Map(columnIndexes.map((column, index) => [column, index]));
  const widthOf = (row: SparseRow) =>
    row.columns.reduce((width, column) => Math.max(width, (position.get(column) ?? 0) + 1), 0);
  let cells = columnIndexes.length;
  for (const row of rows.slice(1)) {
    cells += widthOf(row);
    if (cells > MAX_SHEET_CELLS) {
      throw new SheetLimitError('too-many-cells');
    }
  }
  const layOut = (row: SparseRow | undefined, width: number) => {
    const cells = Array.from({ length: width }, () => '');
    row?.columns.forEach((column, index) => {
      cells[position.get(column) ?? 0] = row.texts[index] ?? '';
    });
    return cells;
  };
  return {
    columnIndexes,
    header: layOut(rows[0], columnIndexes.length),
    rows: rows.slice(1).map((row) => layOut(row, widthOf(row))),
  };
}

// Maximum-weight assignment of rows to columns (Kuhn–Munkres, the "Hungarian" method), in
// O(rows² × columns). Used to give each table field to at most one PDF field so that the total
// confidence is as high as possible, rather than first come, first served.

/**
 * For a `rows × columns` matrix of gains (≥ 0; 0 means "no edge"), returns for each row the
 * column it gets, or -1. Maximises the sum of gains; every row may stay unassigned.
 * Deterministic: the same matrix always gives the same answer.
 */
export function maximumAssignment(
  gains: readonly (readonly number[])[],
  columns: number,
): number[] {
  const rows = gains.length;
  if (rows === 0) {
    return [];
  }
  // Minimisation over rows × (columns + rows): each row also has a private "stay unassigned"
  // column of cost 0, so a row never has to take a column that is worth nothing to it.
  const width = columns + rows;
  const cost = (i: number, j: number): number => (j < columns ? -(gains[i]?.[j] ?? 0) : 0);
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(width + 1);
  const owner = new Int32Array(width + 1); // owner[j]: row (1-based) holding column j, 0 = free
  const way = new Int32Array(width + 1);
  for (let i = 1; i <= rows; i++) {
    owner[0] = i;
    let freeColumn = 0;
    const minv = new Float64Array(width + 1).fill(Infinity);
    const used = new Uint8Array(width + 1);
    do {
      used[freeColumn] = 1;
      const row = owner[freeColumn] ?? 0;
      let delta = Infinity;
      let next = 0;
      for (let j = 1; j <= width; j++) {
        if (used[j] === 1) {
          continue;
        }
        const reduced = cost(row - 1, j - 1) - (u[row] ?? 0) - (v[j] ?? 0);
        if (reduced < (minv[j] ?? Infinity)) {
          minv[j] = reduced;
          way[j] = freeColumn;
        }
        if ((minv[j] ?? Infinity) < delta) {
          delta = minv[j] ?? Infinity;
          next = j;
        }
      }
      for (let j = 0; j <= width; j++) {
        if (used[j] === 1) {
          const r = owner[j] ?? 0;
          u[r] = (u[r] ?? 0) + delta;
          v[j] = (v[j] ?? 0) - delta;
        } else {
          minv[j] = (minv[j] ?? Infinity) - delta;
        }
      }
      freeColumn = next;
    } while ((owner[freeColumn] ?? 0) !== 0);
    do {
      const previous = way[freeColumn] ?? 0;
      owner[freeColumn] = owner[previous] ?? 0;
      freeColumn = previous;
    } while (freeColumn !== 0);
  }
  const result = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= columns; j++) {
    const row = owner[j] ?? 0;
    if (row > 0 && (gains[row - 1]?.[j - 1] ?? 0) > 0) {
      result[row - 1] = j - 1;
    }
  }
  return result;
}

import { describeServerError, readValidationIssues } from '../../utils/api-errors';

export type RowProblem = { row: number | null; column: string | null; message: string };

/** An import refusal sorted by where it belongs: rows, a column's mapping, or the whole file. */
export type ImportProblems = {
  rows: RowProblem[];
  columns: Record<string, string>;
  general: string[];
};

/**
 * Reads the import's 422 list: ['rows', n, column] are row problems (with a trailing count
 * entry at ['rows']), ['mapping', column] belong to a column's select, the rest to the file.
 */
export function readImportProblems(error: unknown): ImportProblems {
  const problems: ImportProblems = { rows: [], columns: {}, general: [] };
  const issues = readValidationIssues(error);
  if (issues.length === 0) {
    problems.general.push(describeServerError(error) ?? 'Failed to import records');
    return problems;
  }
  for (const { loc, msg } of issues) {
    const [area, first, second] = loc;
    if (area === 'rows') {
      problems.rows.push({
        row: typeof first === 'number' ? first : null,
        column: typeof second === 'string' ? second : null,
        message: msg,
      });
    } else if (area === 'mapping' && typeof first === 'string') {
      problems.columns[first] ??= msg;
    } else {
      problems.general.push(msg);
    }
  }
  return problems;
}

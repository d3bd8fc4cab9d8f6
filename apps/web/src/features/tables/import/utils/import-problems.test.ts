import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { readImportProblems } from './import-problems';

describe('readImportProblems', () => {
  it('sorts a 422 into row problems, column mapping problems and the rest', () => {
    const error = new ApiError(
      422,
      {
        detail: [
          {
            loc: ['body', 'rows', 3, 'amount'],
            msg: "Field 'amount' must be a number.",
            type: 'value_error',
          },
          {
            loc: ['body', 'rows'],
            msg: '...and 12 more problems in the file.',
            type: 'value_error',
          },
          {
            loc: ['body', 'mapping', 'Due'],
            msg: "Field 'due' is already mapped from column 'Date'.",
            type: 'value_error',
          },
          {
            loc: ['body', 'mapping'],
            msg: "Required field 'name' is not mapped to a column.",
            type: 'value_error',
          },
        ],
      },
      'Request failed',
    );
    expect(readImportProblems(error)).toEqual({
      rows: [
        { row: 3, column: 'amount', message: "Field 'amount' must be a number." },
        { row: null, column: null, message: '...and 12 more problems in the file.' },
      ],
      columns: { Due: "Field 'due' is already mapped from column 'Date'." },
      general: ["Required field 'name' is not mapped to a column."],
    });
  });

  it("keeps a plain refusal's detail (XLSX, too large)", () => {
    const error = new ApiError(415, { detail: 'Save the workbook as CSV UTF-8.' }, 'x');
    expect(readImportProblems(error).general).toEqual(['Save the workbook as CSV UTF-8.']);
  });
});

import { errorBodySchema, type ValidationIssue } from '@formbridge/contract/errors';
import { ApiError } from '../../../lib/api-client';

/** The entries of a 422 list, with the leading 'body' dropped from each location. */
export function readValidationIssues(error: unknown): ValidationIssue[] {
  if (!(error instanceof ApiError)) {
    return [];
  }
  const parsed = errorBodySchema.safeParse(error.body);
  if (!parsed.success || typeof parsed.data.detail === 'string') {
    return [];
  }
  return parsed.data.detail.map((issue) => ({
    ...issue,
    loc: issue.loc[0] === 'body' ? issue.loc.slice(1) : issue.loc,
  }));
}

/** The server's `code` (table_in_use, record_in_use…), when it sent one. */
export function readErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) {
    return null;
  }
  const parsed = errorBodySchema.safeParse(error.body);
  return parsed.success ? (parsed.data.code ?? null) : null;
}

/**
 * The server's reason as the spec shows it: a string detail as is, a list as its messages joined
 * by a comma; null when the server said nothing usable.
 */
export function describeServerError(error: unknown): string | null {
  if (!(error instanceof ApiError)) {
    return null;
  }
  if (error.status === 0) {
    return error.message;
  }
  const issues = readValidationIssues(error);
  if (issues.length > 0) {
    return issues.map((issue) => issue.msg).join(', ');
  }
  return error.detail;
}

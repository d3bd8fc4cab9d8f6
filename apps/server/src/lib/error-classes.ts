/** What a user is told about an error that came from the disk or the database, not from a bug. */
export type ClassifiedError = { status: number; detail: string };

export const DISK_FULL_DETAIL =
  'The server has run out of disk space, so nothing was saved. Deleting files still works; ' +
  'please free space or contact the administrator, then try again.';

const INVALID_VALUE_DETAIL =
  'A value in the request cannot be stored (for example a NUL character or a value that is ' +
  'too long); nothing was saved.';

const CONFLICT_DETAIL =
  'Another change to the same data happened at the same moment, so nothing was saved. ' +
  'Please try again.';

export const UNAVAILABLE_DETAIL =
  'The database or file storage is not reachable right now. Please try again in a moment ' +
  '(if you were saving, check whether your change is there first).';

// Network failures reaching PostgreSQL (or S3), PostgreSQL's own "connection exception" class 08,
// shutting down or starting (57P01–57P03) and out of connections (53300).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
// What node-postgres says when the server goes away mid-connection (no code).
const PG_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

// SQLite result codes (primary) that mean "disk full" and "value too big".
const SQLITE_FULL = 13;
const SQLITE_TOOBIG = 18;

function sqliteCode(error: { errcode?: unknown }): number | undefined {
  // node:sqlite reports the extended code; the primary code is its low byte.
  return typeof error.errcode === 'number' ? error.errcode & 0xff : undefined;
}

/**
 * Maps disk-full (ENOSPC, EDQUOT, SQLITE_FULL, PostgreSQL 53100) to 507 and database input errors
 * (PostgreSQL SQLSTATE classes 22 "data exception" and 54 "program limit exceeded", SQLite
 * "too big") to 422, and PostgreSQL deadlocks and serialization failures (40P01, 40001: two
 * requests locking the same rows in opposite orders) to 409 so the client retries, and a database
 * or store that cannot be reached to 503 (with Retry-After); anything else is a bug and stays a 500.
 */
export function classifyStorageError(error: unknown): ClassifiedError | undefined {
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const { code } = error as { code?: unknown };
  const sqlite = sqliteCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100' || sqlite === SQLITE_FULL) {
    return { status: 507, detail: DISK_FULL_DETAIL };
  }
  if (sqlite === SQLITE_TOOBIG) {
    return { status: 422, detail: INVALID_VALUE_DETAIL };
  }
  // pg's DatabaseError carries the five-character SQLSTATE in `code`.
  if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) {
    return { status: 422, detail: INVALID_VALUE_DETAIL };
  }
  if (code === '40P01' || code === '40001') {
    return { status: 409, detail: CONFLICT_DETAIL };
  }
  const { message } = error as { message?: unknown };
  if (
    (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) ||
    (typeof message === 'string' && PG_CONNECTION_LOST.test(message))
  ) {
    return { status: 503, detail: UNAVAILABLE_DETAIL };
  }
  return undefined;
}

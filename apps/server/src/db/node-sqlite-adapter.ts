import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type SqlValue = null | number | bigint | string | Uint8Array;

// node:sqlite binds neither booleans nor undefined; Kysely passes both.
function toSqlValue(value: unknown): SqlValue {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
    return value;
  }
  if (value instanceof Uint8Array) {
    return value;
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  throw new TypeError(`Cannot bind a ${typeof value} to SQLite`);
}

/**
 * `all` and `run` finish before they return (node:sqlite is synchronous), so one prepared statement
 * serves every call; `iterate` gets a statement of its own, as an unfinished iterator would
 * otherwise be reset by the next call.
 */
function wrapStatement(
  statement: StatementSync,
  prepareAgain: () => StatementSync,
): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);
  return {
    // A statement returns rows exactly when it has result columns (SELECT, ... RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => prepareAgain().iterate(...bind(parameters)),
  };
}

// Prepared statements kept by SQL text. Kysely writes the same text for the same query shape
// (values are bound), so a request's few statements are compiled once instead of on every call.
const CACHED_STATEMENTS = 500;
// A compiled statement's native size follows its text: 500 multi-row inserts of 1–500 rows (one
// per distinct last chunk) held 100 MB, and bulk jobs made new ones for ever (RSS rose 6 MB per
// 10,000 forms). The texts kept are capped as well as their number, oldest dropped first.
const CACHED_SQL_CHARS = 256 * 1024;

function rollbackIfActive(database: DatabaseSync): SqliteStatement {
  const noop = { changes: 0, lastInsertRowid: 0 };
  return {
    reader: false,
    all: () => [],
    run: () => (database.isTransaction ? database.prepare('ROLLBACK').run() : noop),
    iterate: () => [][Symbol.iterator](),
  };
}

function setDefensive(database: DatabaseSync, active: boolean): void {
  const withFlag = database as { enableDefensive?: (active: boolean) => void };
  withFlag.enableDefensive?.call(database, active);
}

const WRITABLE_SCHEMA = /^\s*pragma\s+writable_schema\s*=\s*(on|off)\s*;?\s*$/i;

/**
 * `PRAGMA writable_schema` as a migration uses it to change a foreign key in place (the documented
 * way: edit the CREATE TABLE text, bump schema_version). node:sqlite opens databases in defensive
 * mode, which forbids both; it is lifted exactly while writable_schema is on.
 */
function writableSchema(database: DatabaseSync, on: boolean): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    run: () => {
      // enableDefensive came in Node 24.12, with defensive mode on by default; before it the
      // mode is off and there is nothing to lift.
      if (on) {
        setDefensive(database, false);
      }
      const result = database.prepare(`PRAGMA writable_schema = ${on ? 'ON' : 'OFF'}`).run();
      if (!on) {
        setDefensive(database, true);
      }
      return result;
    },
    iterate: () => [][Symbol.iterator](),
  };
}

/**
 * Opens a SQLite file with node:sqlite behind the interface Kysely's SqliteDialect expects.
 * `walCapBytes`: another thread checkpoints (wal-checkpointer.ts), so COMMITs never do, and the
 * WAL file is cut back to this size when it starts over.
 */
export function openNodeSqlite(
  filename: string,
  options: { walCapBytes?: number } = {},
): SqliteDatabase {
  const database = new DatabaseSync(filename);
  database.exec('PRAGMA journal_mode = WAL');
  if (options.walCapBytes !== undefined) {
    database.exec('PRAGMA wal_autocheckpoint = 0');
    database.exec(`PRAGMA journal_size_limit = ${options.walCapBytes}`);
  }
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA synchronous = NORMAL');
  const statements = new Map<string, SqliteStatement>();
  let cachedChars = 0;
  return {
    close: () => {
      statements.clear();
      cachedChars = 0;
      database.close();
    },
    prepare: (sql) => {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR); a
      // second ROLLBACK would then fail and hide the real error (a full disk) behind "no
      // transaction is active".
      if (/^\s*rollback\s*;?\s*$/i.test(sql)) {
        return rollbackIfActive(database);
      }
      const writable = WRITABLE_SCHEMA.exec(sql);
      if (writable) {
        return writableSchema(database, writable[1]?.toLowerCase() === 'on');
      }
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = wrapStatement(database.prepare(sql), () => database.prepare(sql));
      statements.set(sql, statement);
      cachedChars += sql.length;
      while (statements.size > CACHED_STATEMENTS || cachedChars > CACHED_SQL_CHARS) {
        const oldest = statements.keys().next().value as string;
        statements.delete(oldest);
        cachedChars -= oldest.length;
      }
      return statement;
    },
  };
}

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

function wrapStatement(statement: StatementSync): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);
  return {
    // A statement returns rows exactly when it has result columns (SELECT, ... RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

function rollbackIfActive(database: DatabaseSync): SqliteStatement {
  const noop = { changes: 0, lastInsertRowid: 0 };
  return {
    reader: false,
    all: () => [],
    run: () => (database.isTransaction ? database.prepare('ROLLBACK').run() : noop),
    iterate: () => [][Symbol.iterator](),
  };
}

/** Opens a SQLite file with node:sqlite behind the interface Kysely's SqliteDialect expects. */
export function openNodeSqlite(filename: string): SqliteDatabase {
  const database = new DatabaseSync(filename);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA synchronous = NORMAL');
  return {
    close: () => database.close(),
    prepare: (sql) => {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR); a
      // second ROLLBACK would then fail and hide the real error (a full disk) behind "no
      // transaction is active".
      if (/^\s*rollback\s*;?\s*$/i.test(sql)) {
        return rollbackIfActive(database);
      }
      return wrapStatement(database.prepare(sql));
    },
  };
}

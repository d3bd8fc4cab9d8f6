import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from './database.ts';

/** Whether the database answers, for /api/health; `close` with the app. */
export type DatabasePing = { ping: () => Promise<void>; close: () => void };

/**
 * On PostgreSQL a query through the pool. On SQLite a reading connection of its own: the app's
 * one connection is held for the whole of a write transaction (a 50,000-row import holds it for
 * seconds), and a reader in WAL mode is not blocked by a writer, so health says whether the
 * process and its database file answer, not whether another request is writing.
 */
export function createDatabasePing(config: Config, db: Db): DatabasePing {
  if (config.databaseUrl) {
    return {
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => undefined,
    };
  }
  let reader: DatabaseSync | undefined;
  return {
    ping: async () => {
      reader ??= new DatabaseSync(path.join(config.dataDir, 'formbridge.sqlite'));
      reader.prepare('select count(*) from sqlite_schema').get();
    },
    close: () => {
      reader?.close();
      reader = undefined;
    },
  };
}

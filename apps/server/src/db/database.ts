import fs from 'node:fs';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Config } from '../config.ts';
import type PgModule from 'pg';
import type { DialectName } from './dialect.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { openNodeSqlite } from './node-sqlite-adapter.ts';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.ts';
import { startWalCheckpointer, WAL_CAP_BYTES, type WalCheckpointer } from './wal-checkpointer.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: DialectName;
  /** SQLite: checkpoints the WAL off the main thread (wal-checkpointer.ts). */
  walCheckpointer?: WalCheckpointer;
  close: () => Promise<void>;
};

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR).
 * The PostgreSQL driver is imported only then (~7 MB a SQLite install does not need).
 */
/** Where the pool reports a connection it lost while idle (PostgreSQL restarted, network cut). */
export type DatabaseLog = { warn: (details: object, message: string) => void };

const stderrLog: DatabaseLog = {
  warn: (_details, message) => console.warn(message),
};

export async function openDatabase(
  config: Config,
  log: DatabaseLog = stderrLog,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const schema = config.databaseSchema;
    if (schema) {
      await ensurePostgresSchema(pg, config.databaseUrl, schema);
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A lost connection (PostgreSQL restarted, the network cut) is an 'error' event on its
    // client; unheard, it ends the process. Idle clients report through the pool; a client in use
    // fails its query as well (answered 503), and the pool drops it when it comes back.
    pool.on('error', (error: Error) =>
      log.warn({ err: error }, `PostgreSQL connection lost while idle: ${error.message}`),
    );
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }, schema) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(config.dataDir, 'formbridge.sqlite');
  // Owner-only; SQLite gives its -wal and -shm files the database file's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  // Checkpoints run off the main thread (wal-checkpointer.ts); the last close still runs one.
  const checkpointer = startWalCheckpointer(file);
  const walCapBytes = WAL_CAP_BYTES;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: async () => openNodeSqlite(file, { walCapBytes }) }),
  });
  const close = async () => {
    await checkpointer.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', walCheckpointer: checkpointer, close };
}

async function ensurePostgresSchema(
  pg: typeof PgModule,
  url: string,
  schema: string,
): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration and returns the names it applied, in order; throws with the
 * failing migration's name.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Migrations from parallel branches land in any order (a database that already ran 0040 must
    // still run a later-landed 0020); each one is independent of the others' order.
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping tables in every schema; pin it to ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration failed${name}: ${reason}`, { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

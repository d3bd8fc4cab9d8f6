import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * Restores a `pg_dump --format=custom` file into the database of `databaseUrl`, creating the
 * database when it does not exist yet and replacing what an earlier Formbridge left in it, in
 * one transaction: on any error the database is as it was.
 */
export async function restorePostgresDump(dumpFile: string, databaseUrl: string): Promise<void> {
  await createDatabaseIfMissing(databaseUrl);
  const { schemas, publicTables } = dumpContents(dumpFile);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Emptied first, instead of pg_restore --clean: --clean fails on objects that depend on each
    // other across schemas (pg-boss's), reports an error after restoring the data, and leaves
    // tables that are in the database but not in the dump. Only what the dump holds is dropped:
    // its own schemas, and in `public` (which may be shared) only its own tables.
    await client.query('BEGIN');
    for (const schema of schemas) {
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    }
    for (const table of publicTables) {
      await client.query(`DROP TABLE IF EXISTS public.${quoteIdent(table)} CASCADE`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
  run('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    dumpFile,
  ]);
}

/** The non-public schemas a dump creates and the tables it creates in `public`. */
function dumpContents(dumpFile: string): { schemas: string[]; publicTables: string[] } {
  const listing = run('pg_restore', ['--list', dumpFile]);
  const schemas = new Set<string>();
  const publicTables = new Set<string>();
  // Lines look like `215; 2615 16389 SCHEMA - pgboss postgres` and
  // `217; 1259 16390 TABLE public users postgres`.
  for (const line of listing.split('\n')) {
    const schema = /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line);
    if (schema?.[1] && schema[1] !== 'public') {
      schemas.add(schema[1]);
    }
    const table = /^\d+; \d+ \d+ TABLE public (\S+) /.exec(line);
    if (table?.[1]) {
      publicTables.add(table[1]);
    }
  }
  return { schemas: [...schemas], publicTables: [...publicTables] };
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) {
    throw new Error('DATABASE_URL names no database');
  }
  // The server's maintenance database: the target cannot be connected to before it exists.
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    }
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs a PostgreSQL client tool; its own message on failure, never a stack trace. */
export function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error || result.status !== 0) {
    const reason = result.error?.message ?? result.stderr.toString().trim();
    throw new Error(`${command} failed: ${reason}`);
  }
  return result.stdout.toString();
}

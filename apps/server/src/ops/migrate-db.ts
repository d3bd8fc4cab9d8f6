import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { copySqliteToPostgres, type CopySummary } from '../db/copy-to-postgres.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';

type Target = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>;

/**
 * Moves a single-node install's database (DATA_DIR/formbridge.sqlite) into the PostgreSQL
 * database of `databaseUrl`: runs the app's migrations there, then copies every row. Stored files
 * are not touched (`npm run migrate-storage` moves those). Refuses a target that holds any row.
 */
export async function migrateSqliteToPostgres(
  config: Target,
  options: { batchRows?: number } = {},
): Promise<CopySummary> {
  if (!config.databaseUrl) {
    throw new Error('migrate-db copies into PostgreSQL: set DATABASE_URL first.');
  }
  const file = path.join(config.dataDir, 'formbridge.sqlite');
  if (!fs.existsSync(file)) {
    throw new Error(`No SQLite database at ${file} (check DATA_DIR).`);
  }
  const base = { ...config, storage: { kind: 'local' as const } } as Config;
  const source = await openDatabase({ ...base, databaseUrl: undefined });
  try {
    // The source may be from an older release: bring it to the same schema as the target.
    await migrateToLatest(source.db);
    const target = await openDatabase(base);
    try {
      await migrateToLatest(target.db, config.databaseSchema);
      return await copySqliteToPostgres(source.db, target.db, options);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/**
 * `npm run migrate-db`: copies the database of a single-node install (DATA_DIR/formbridge.sqlite)
 * into the empty PostgreSQL database DATABASE_URL names, after creating its tables. Run it with
 * the server stopped and the environment the server will use; then start the server with
 * DATABASE_URL set. Stored files stay where they are (`npm run migrate-storage` moves them to S3).
 * The SQLite file is left in place.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateSqliteToPostgres } from '../apps/server/src/ops/migrate-db.ts';
import { runScript } from './run-script.ts';

await runScript('migrate-db', async () => {
  const config = loadConfig();
  console.log(`Copying ${config.dataDir}/formbridge.sqlite to PostgreSQL`);
  const summary = await migrateSqliteToPostgres(config);
  for (const { table, rows } of summary) {
    console.log(`  ${table}: ${rows}`);
  }
  const total = summary.reduce((sum, entry) => sum + entry.rows, 0);
  console.log(`Done: ${total} rows in ${summary.length} tables.`);
});

import path from 'node:path';

/**
 * The test files `npm run test:s3` runs a second time with S3 storage (`TEST_STORAGE=s3`): those
 * whose test apps store a file through the configured storage. The rest of the API suite never
 * reaches the store, so on S3 it would only run again as it ran in `npm test`.
 * Every test file that starts the app (`startTestApp`, itself or through a helper it imports) is
 * in one of the three lists: s3-suite.test.ts reads their source for it, so a file that runs
 * only with TEST_DATABASE_URL set is checked without it. The harness checks at run time that a
 * file whose app stored a file is not in STORES_NO_FILES (`assertS3SuiteLists`).
 */
export const S3_SUITE: readonly string[] = [
  'src/modules/audit/audit-completeness.test.ts',
  'src/modules/completed-forms/completed-forms-email.test.ts',
  'src/modules/completed-forms/completed-forms.script-sweep.test.ts',
  'src/modules/completed-forms/completed-forms.test.ts',
  'src/modules/completed-forms/fill-settings.test.ts',
  'src/modules/completed-forms/transforms-generation.test.ts',
  'src/modules/generation/generation.test.ts',
  'src/modules/generation/resume-after-restart.test.ts',
  'src/modules/imports/imports.test.ts',
  'src/modules/jobs/jobs.test.ts',
  'src/modules/jobs/shared-queue.test.ts',
  'src/modules/mapping-preview/mapping-preview.test.ts',
  'src/modules/mappings/mappings.add-columns.test.ts',
  'src/modules/mappings/mappings.memory.test.ts',
  'src/modules/mappings/mappings.table-from-form.test.ts',
  'src/modules/mappings/mappings.test.ts',
  'src/modules/onboarding/onboarding.test.ts',
  'src/modules/public-data-forms/public-data-forms-uploads.test.ts',
  'src/modules/public-forms/option-labels.test.ts',
  'src/modules/public-forms/public-forms-embed.test.ts',
  'src/modules/public-forms/public-forms-links.test.ts',
  'src/modules/public-forms/public-forms.test.ts',
  'src/modules/public-forms/public-forms.value-map.test.ts',
  'src/modules/record-files/record-files-lifecycle.test.ts',
  'src/modules/record-files/record-files.test.ts',
  'src/modules/records/records-bytes.test.ts',
  'src/modules/records/records-history-restore.test.ts',
  'src/modules/records/records-history.test.ts',
  'src/modules/table-schema/table-schema.test.ts',
  'src/modules/tables/tables.test.ts',
  'src/modules/templates/templates.field-editor.test.ts',
  'src/modules/templates/templates.revisions.test.ts',
  'src/modules/templates/templates.script-sweep.test.ts',
  'src/modules/templates/templates.scripts.test.ts',
  'src/modules/templates/templates.test.ts',
  'src/modules/trash/trash.test.ts',
  'src/modules/webhooks/webhooks-bulk.test.ts',
  'src/modules/webhooks/webhooks-events.test.ts',
  'src/modules/webhooks/webhooks-restore.test.ts',
  'src/ops/file-sweep.test.ts',
  'test/api-client.test.ts',
  'test/hostile-http.test.ts',
  'test/link-races.test.ts',
];

/**
 * Files whose apps store a file but not as their subject (set-up only), or only on a storage they
 * pick themselves: not repeated on S3, with why.
 */
export const NOT_ON_S3: Readonly<Record<string, string>> = {
  'src/db/template-revisions-migration.test.ts': 'a migration of database rows',
  'test/abuse-limits.test.ts': 'request and mail limits',
  'test/backup-restore-postgres.test.ts': 'picks local storage: a backup of the data folder',
  'test/backup-restore.test.ts': 'picks local storage: a backup of the data folder',
  'test/idempotency.test.ts': 'replayed answers of idempotent POSTs',
  'test/json-fuzz/json-fuzz.test.ts': 'hostile JSON bodies',
  'test/migrate-db.test.ts': 'picks local storage: the data folder moved to PostgreSQL',
  'test/nginx-journey.test.ts': 'the documented nginx config in front of the app',
  'test/route-roles.test.ts': 'the route × role matrix',
  'test/security.test.ts': 'picks local storage: file modes are a local-disk matter',
};

/**
 * Files whose apps store no file: accounts, records, tokens, limits, migrations of rows. On S3
 * they would only run again as they ran in `npm test`.
 */
export const STORES_NO_FILES: readonly string[] = [
  'src/db/compile-once.test.ts',
  'src/db/migrations-log.test.ts',
  'src/db/own-schema-dialect.test.ts',
  'src/db/workspaces-migration.test.ts',
  'src/lib/current-member.test.ts',
  'src/lib/drain-body.test.ts',
  'src/lib/jobs/item-jobs.test.ts',
  'src/lib/proxy-trust-warning.test.ts',
  'src/lib/route-auth.test.ts',
  'src/lib/shared-limits.test.ts',
  'src/lib/tokens.test.ts',
  'src/modules/admin/admin.test.ts',
  'src/modules/api-tokens/api-tokens.test.ts',
  'src/modules/audit/audit.test.ts',
  'src/modules/auth/accounts.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/auth/first-admin.test.ts',
  'src/modules/auth/signup-closed.test.ts',
  'src/modules/data-links/data-links.test.ts',
  'src/modules/imports/imports.formats.test.ts',
  'src/modules/invitations/invitations.test.ts',
  'src/modules/jobs/jobs-list.test.ts',
  'src/modules/public-data-forms/public-data-forms.test.ts',
  'src/modules/records/records-page-cache.test.ts',
  'src/modules/records/records-pages.test.ts',
  'src/modules/records/records-patch.test.ts',
  'src/modules/records/records.test.ts',
  'src/modules/trash/trash.paging.test.ts',
  'src/modules/webhooks/webhooks-retry.test.ts',
  'src/modules/webhooks/webhooks.test.ts',
  'src/modules/workspaces/workspaces.invitations.test.ts',
  'src/modules/workspaces/workspaces.test.ts',
  'test/app.test.ts',
  'test/contract-coverage.test.ts',
  'test/database-outage.test.ts',
  'test/openapi.test.ts',
  'test/shutdown.test.ts',
  'test/web-app.test.ts',
];

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** Throws unless a test file (absolute path) whose app stored a file is listed as storing files. */
export function assertS3SuiteLists(testPath: string | undefined): void {
  if (testPath === undefined) {
    return;
  }
  const file = path.relative(SERVER_ROOT, testPath).split(path.sep).join('/');
  if (S3_SUITE.includes(file) || file in NOT_ON_S3) {
    return;
  }
  const listed = STORES_NO_FILES.includes(file) ? 'is listed in STORES_NO_FILES' : 'is in no list';
  throw new Error(
    `${file} stores files but ${listed} of apps/server/test/s3-suite.ts: move it to S3_SUITE ` +
      '(`npm run test:s3` runs it again on S3 storage) or to NOT_ON_S3, with why not.',
  );
}

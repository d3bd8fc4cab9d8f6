import path from 'node:path';

/**
 * The test files `npm run test:s3` runs a second time with S3 storage (`TEST_STORAGE=s3`): those
 * whose test apps store a file through the configured storage. The rest of the API suite never
 * reaches the store, so on S3 it would only run again as it ran in `npm test`. The harness keeps
 * the lists whole: a test file whose app stores a file and is in neither list fails
 * (`assertS3SuiteLists`).
 * Files that pick their storage themselves (`storage: { kind: 'local' }`) are not listed.
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

/** Files whose apps store a file but not as their subject (set-up only): not repeated on S3. */
export const NOT_ON_S3: Readonly<Record<string, string>> = {
  'src/db/template-revisions-migration.test.ts': 'a migration of database rows',
  'test/abuse-limits.test.ts': 'request and mail limits',
  'test/idempotency.test.ts': 'replayed answers of idempotent POSTs',
  'test/json-fuzz/json-fuzz.test.ts': 'hostile JSON bodies',
  'test/nginx-journey.test.ts': 'the documented nginx config in front of the app',
  'test/route-roles.test.ts': 'the route × role matrix',
};

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** Throws unless a test file (absolute path) whose app stored a file is in one of the lists. */
export function assertS3SuiteLists(testPath: string | undefined): void {
  if (testPath === undefined) {
    return;
  }
  const file = path.relative(SERVER_ROOT, testPath).split(path.sep).join('/');
  if (!S3_SUITE.includes(file) && !(file in NOT_ON_S3)) {
    throw new Error(
      `${file} stores files but is in neither list of apps/server/test/s3-suite.ts: add it to ` +
        'S3_SUITE (`npm run test:s3` runs it again on S3 storage) or to NOT_ON_S3, with why not.',
    );
  }
}

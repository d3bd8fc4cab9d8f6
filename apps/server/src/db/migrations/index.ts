import type { Migration } from 'kysely/migration';
import * as users from './2026-11-22-0001-users.ts';
import * as pdfTemplates from './2026-11-22-0002-pdf-templates.ts';
import * as dynamicTables from './2026-11-22-0003-dynamic-tables.ts';
import * as fieldMappings from './2026-11-22-0004-field-mappings.ts';
import * as completedFormsAndJobs from './2026-11-22-0005-completed-forms-and-jobs.ts';
import * as publicLinks from './2026-11-22-0006-public-links.ts';
import * as completedFormEmailError from './2026-11-25-0020-completed-form-email-error.ts';
import * as mappingTransforms from './2026-11-25-0040-mapping-transforms.ts';
import * as recordsOwnerIndex from './2026-11-25-0045-records-owner-index.ts';
import * as templateFillSettings from './2026-11-26-h13a-01-template-fill-settings.ts';
import * as invitations from './2026-11-26-h11-01-invitations.ts';
import * as jobItems from './2026-11-26-h15-01-job-items.ts';
import * as rateCounters from './2026-11-26-h15-02-rate-counters.ts';
import * as tableRecordCount from './2026-11-26-h14b-01-table-record-count.ts';
import * as tableRecordsVersion from './2026-11-26-h14r-01-table-records-version.ts';
import * as fileKeyIndexes from './2026-11-26-h10-01-file-key-indexes.ts';
import * as accounts from './2026-11-27-h36-01-accounts.ts';
import * as genericJobItems from './2026-11-27-h27-01-generic-job-items.ts';
import * as templateOriginalFile from './2026-11-27-h29-01-template-original-file.ts';
import * as recordVersion from './2026-11-27-h35-01-record-version.ts';
import * as idempotencyKeys from './2026-11-27-h35-02-idempotency-keys.ts';
import * as onboarding from './2026-11-27-h34b-01-onboarding.ts';
import * as mappingMemories from './2026-11-27-h28-01-mapping-memories.ts';
import * as workspaces from './2026-11-27-h31-01-workspaces.ts';
import * as templateDetectionNotes from './2026-11-27-h35r-01-template-detection-notes.ts';
import * as auditEvents from './2026-11-27-h31z-01-audit-events.ts';
import * as apiTokens from './2026-11-28-h33t-01-api-tokens.ts';
import * as trash from './2026-11-28-h32t-01-trash.ts';
import * as templateRevisions from './2026-11-28-h32r-01-template-revisions.ts';
import * as embedOrigins from './2026-11-28-h33e-01-embed-origins.ts';
import * as webhooks from './2026-11-28-h33w-01-webhooks.ts';
import * as templateScriptsChecked from './2026-11-28-h35j-01-template-scripts-checked.ts';
import * as formScriptsChecked from './2026-11-28-h35k-01-form-scripts-checked.ts';

/**
 * Every migration, in order. Names are timestamped; a migration never changes once it has landed,
 * a later one amends it. Both dialects run the same list.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-0001-users': users,
  '2026-11-22-0002-pdf-templates': pdfTemplates,
  '2026-11-22-0003-dynamic-tables': dynamicTables,
  '2026-11-22-0004-field-mappings': fieldMappings,
  '2026-11-22-0005-completed-forms-and-jobs': completedFormsAndJobs,
  '2026-11-22-0006-public-links': publicLinks,
  '2026-11-25-0020-completed-form-email-error': completedFormEmailError,
  '2026-11-25-0040-mapping-transforms': mappingTransforms,
  '2026-11-25-0045-records-owner-index': recordsOwnerIndex,
  '2026-11-26-h13a-01-template-fill-settings': templateFillSettings,
  '2026-11-26-h11-01-invitations': invitations,
  '2026-11-26-h15-01-job-items': jobItems,
  '2026-11-26-h15-02-rate-counters': rateCounters,
  '2026-11-26-h14b-01-table-record-count': tableRecordCount,
  '2026-11-26-h10-01-file-key-indexes': fileKeyIndexes,
  '2026-11-26-h14r-01-table-records-version': tableRecordsVersion,
  '2026-11-27-h36-01-accounts': accounts,
  '2026-11-27-h27-01-generic-job-items': genericJobItems,
  '2026-11-27-h29-01-template-original-file': templateOriginalFile,
  '2026-11-27-h35-01-record-version': recordVersion,
  '2026-11-27-h35-02-idempotency-keys': idempotencyKeys,
  '2026-11-27-h34b-01-onboarding': onboarding,
  '2026-11-27-h28-01-mapping-memories': mappingMemories,
  '2026-11-27-h31-01-workspaces': workspaces,
  '2026-11-27-h35r-01-template-detection-notes': templateDetectionNotes,
  '2026-11-27-h31z-01-audit-events': auditEvents,
  '2026-11-28-h33t-01-api-tokens': apiTokens,
  '2026-11-28-h32t-01-trash': trash,
  '2026-11-28-h32r-01-template-revisions': templateRevisions,
  '2026-11-28-h33e-01-embed-origins': embedOrigins,
  '2026-11-28-h33w-01-webhooks': webhooks,
  '2026-11-28-h35j-01-template-scripts-checked': templateScriptsChecked,
  '2026-11-28-h35k-01-form-scripts-checked': formScriptsChecked,
};

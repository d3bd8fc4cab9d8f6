import fs from 'node:fs/promises';
import {
  ONBOARDING_STEPS,
  type Onboarding,
  type SampleResponse,
} from '@formbridge/contract/onboarding';
import type { TableResponse } from '@formbridge/contract/tables';
import type { TemplateSummary } from '@formbridge/contract/templates';
import { auditRecordWrite } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createTableFromTemplate } from '../mappings/mappings.public.ts';
import { addRecords } from '../records/records.public.ts';
import { findTable, presentTable } from '../tables/tables.public.ts';
import { createTemplateFromBytes, findTemplateSummary } from '../templates/templates.public.ts';
import {
  claimSample,
  findOnboarding,
  readProgress,
  setChecklistDismissed,
  setSampleTable,
  type OnboardingRow,
} from './onboarding.repo.ts';
import {
  SAMPLE_DISPLAY_FIELD,
  SAMPLE_FILE,
  SAMPLE_FILE_NAME,
  SAMPLE_PROPOSAL,
  SAMPLE_RECORDS,
  SAMPLE_TEMPLATE_NAME,
} from './onboarding.sample-data.ts';

type LiveSample = { template: TemplateSummary; table: TableResponse };

/** The account's sample while both its template and its table exist. */
async function findLiveSample(
  ctx: AppContext,
  userId: string,
  row: OnboardingRow | undefined,
): Promise<LiveSample | null> {
  if (!row?.sample_template_id || !row.sample_table_id) {
    return null;
  }
  const [template, table] = await Promise.all([
    findTemplateSummary(ctx, userId, row.sample_template_id),
    findTable(ctx.db, userId, row.sample_table_id),
  ]);
  return template && table ? { template, table: presentTable(table) } : null;
}

/** The checklist from the account's own data, whether it was closed, and its sample. */
export async function getOnboarding(ctx: AppContext, userId: string): Promise<Onboarding> {
  const [row, progress] = await Promise.all([
    findOnboarding(ctx.db, userId),
    readProgress(ctx.db, userId),
  ]);
  const sample = await findLiveSample(ctx, userId, row);
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: progress[key] }));
  return {
    steps,
    complete: steps.every((step) => step.done),
    dismissed: row?.checklist_dismissed ?? false,
    sample: sample && { template_id: sample.template.id, table_id: sample.table.id },
  };
}

export async function updateOnboarding(
  ctx: AppContext,
  userId: string,
  update: { dismissed: boolean },
): Promise<Onboarding> {
  await setChecklistDismissed(ctx.db, userId, update.dismissed);
  return getOnboarding(ctx, userId);
}

async function readSampleFile(): Promise<Buffer> {
  try {
    return await fs.readFile(SAMPLE_FILE);
  } catch {
    throw new AppError(503, 'The sample form is not installed on this server', 'sample_missing');
  }
}

/** Another request made this account's sample first; this one's work is rolled back. */
class SampleTakenError extends Error {}

const existingAnswer = (sample: LiveSample): SampleResponse => ({
  ...sample,
  records_created: 0,
  mappings_created: 0,
  created: false,
});

/**
 * Makes the account's sample in one transaction: the OSHA 301 template, a table mapped to it and
 * three records. Once per account: while that sample exists, the answer names it (created: false).
 * `scope` names who all of it is audited as (the member, in their workspace).
 */
export async function createSample(
  ctx: AppContext,
  userId: string,
  scope: AuditScope,
): Promise<SampleResponse> {
  const row = await findOnboarding(ctx.db, userId);
  const existing = await findLiveSample(ctx, userId, row);
  if (existing) {
    return existingAnswer(existing);
  }
  const bytes = await readSampleFile();
  let mappingsCreated = 0;
  let tableId = '';
  try {
    const template = await createTemplateFromBytes(
      ctx,
      scope,
      { name: SAMPLE_TEMPLATE_NAME, fileName: SAMPLE_FILE_NAME, bytes },
      async (trx, stored) => {
        if (!(await claimSample(trx, userId, row?.sample_template_id ?? null, stored.id))) {
          throw new SampleTakenError();
        }
        const made = await createTableFromTemplate(ctx, scope, stored.id, SAMPLE_PROPOSAL, {
          trx,
          displayFieldKey: SAMPLE_DISPLAY_FIELD,
        });
        // Added in order, a millisecond apart: the list shows them in this order.
        const ids = await addRecords(trx, userId, made.table.id, SAMPLE_RECORDS);
        for (const [index, recordId] of ids.entries()) {
          await auditRecordWrite(trx, scope, {
            action: 'record.created',
            table: made.table,
            recordId,
            before: {},
            after: SAMPLE_RECORDS[index] ?? {},
          });
        }
        await setSampleTable(trx, userId, made.table.id);
        mappingsCreated = made.mappings_created;
        tableId = made.table.id;
      },
    );
    const table = await findTable(ctx.db, userId, tableId);
    if (!table) {
      throw new Error('The sample table was not found after its commit');
    }
    return {
      template,
      table: presentTable(table),
      records_created: SAMPLE_RECORDS.length,
      mappings_created: mappingsCreated,
      created: true,
    };
  } catch (error) {
    if (!(error instanceof SampleTakenError)) {
      throw error;
    }
    const made = await findLiveSample(ctx, userId, await findOnboarding(ctx.db, userId));
    if (!made) {
      throw new AppError(409, 'The sample is being made by another request; try again in a moment');
    }
    return existingAnswer(made);
  }
}

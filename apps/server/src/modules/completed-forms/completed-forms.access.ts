import type { Db } from '../../db/database.ts';
import {
  findFormListing,
  insertCompletedFormsOnce,
  listJobForms as selectJobForms,
  type CompletedFormListRow,
  type NewCompletedFormRow,
} from './completed-forms.repo.ts';
import type { AuditActor } from '../../lib/audit/audit-actor.ts';
import { auditFormGenerated } from './completed-forms.audit.ts';

// What other modules (the generation jobs) do with stored forms, always for one owner. Each
// function runs on the `db` it is given: `ctx.db` for a read of its own, the caller's transaction
// to be part of its unit of work (docs/decisions.md, "Module surfaces").

/** A completed form as other modules see it: what lists show, without the fill report. */
export type StoredCompletedForm = CompletedFormListRow;

/** A form `fillRecord` made, ready to be recorded (its file is already stored). */
export type NewCompletedForm = NewCompletedFormRow;

/** The forms a job has recorded so far, in no particular order. */
export function listJobForms(
  db: Db,
  ownerId: string,
  jobId: string,
): Promise<StoredCompletedForm[]> {
  return selectJobForms(db, ownerId, jobId);
}

/** The owner's form with that id, or undefined. */
export function findStoredForm(
  db: Db,
  ownerId: string,
  id: string,
): Promise<StoredCompletedForm | undefined> {
  return findFormListing(db, ownerId, id);
}

/**
 * Records forms, skipping any already recorded under the same id (a retried job item), with an
 * audit event for each form that went in, in the same transaction.
 */
export async function recordFormsOnce(
  db: Db,
  forms: NewCompletedForm[],
  actor: AuditActor,
): Promise<void> {
  if (forms.length === 0) {
    return;
  }
  await db.transaction().execute(async (trx) => {
    const ids = forms.map((form) => form.id);
    const existing = new Set(
      (await trx.selectFrom('completed_forms').select('id').where('id', 'in', ids).execute()).map(
        (row) => row.id,
      ),
    );
    await insertCompletedFormsOnce(trx, forms);
    for (const form of forms.filter((one) => !existing.has(one.id))) {
      await auditFormGenerated(trx, { workspaceId: form.owner_id, actor }, form);
    }
  });
}

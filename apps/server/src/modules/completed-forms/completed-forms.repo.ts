import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompletedFormsTable } from '../../db/schema.ts';

export type CompletedFormRow = Selectable<CompletedFormsTable>;
/** A row as written: booleans as booleans (SQLite reads them back as 0/1). */
export type NewCompletedFormRow = CompletedFormRow & { flattened: boolean };
/** A row without the (large) fill report and the script sweep's marker: what lists read. */
export type CompletedFormListRow = Omit<CompletedFormRow, 'fill_report' | 'scripts_checked_at'>;

const LIST_COLUMNS = [
  'id',
  'owner_id',
  'template_id',
  'template_name',
  'table_id',
  'table_name',
  'record_id',
  'record_display_name',
  'job_id',
  'template_revision',
  'file_key',
  'file_size',
  'file_name',
  'fields_requested',
  'fields_written',
  'fields_with_problems',
  'email_sent_to',
  'email_error',
  'flattened',
  'created_at',
] as const;

export async function insertCompletedForm(db: Db, row: NewCompletedFormRow): Promise<void> {
  await db.insertInto('completed_forms').values(row).execute();
}

/**
 * Inserts a job's form unless the job already has one for this template and record (a retried
 * task): the unique (job_id, template_id, record_id) index decides. True when this call wrote it.
 */
export async function insertCompletedFormOnce(db: Db, row: NewCompletedFormRow): Promise<boolean> {
  const inserted = await db
    .insertInto('completed_forms')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Many job forms in one statement, each unless the job already has it (see above). */
export async function insertCompletedFormsOnce(db: Db, rows: NewCompletedFormRow[]): Promise<void> {
  if (rows.length > 0) {
    await db
      .insertInto('completed_forms')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The owner's completed form, or undefined for a missing id and for someone else's. */
export function findCompletedForm(
  db: Db,
  ownerId: string,
  id: string,
): Promise<CompletedFormRow | undefined> {
  return db
    .selectFrom('completed_forms')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** By id alone: only for requests already authorised by a signed URL bound to this id. */
export function findCompletedFormById(db: Db, id: string): Promise<CompletedFormRow | undefined> {
  return db.selectFrom('completed_forms').selectAll().where('id', '=', id).executeTakeFirst();
}

export type CompletedFormFilters = {
  template_id?: string | undefined;
  record_id?: string | undefined;
  table_id?: string | undefined;
};

function filtered(db: Db, ownerId: string, filters: CompletedFormFilters) {
  let query = db.selectFrom('completed_forms').where('owner_id', '=', ownerId);
  if (filters.template_id !== undefined) {
    query = query.where('template_id', '=', filters.template_id);
  }
  if (filters.record_id !== undefined) {
    query = query.where('record_id', '=', filters.record_id);
  }
  if (filters.table_id !== undefined) {
    query = query.where('table_id', '=', filters.table_id);
  }
  return query;
}

/** The owner's completed forms, newest first, optionally one page. */
export function listCompletedForms(
  db: Db,
  ownerId: string,
  filters: CompletedFormFilters,
  page?: { limit: number; offset: number },
): Promise<CompletedFormListRow[]> {
  let query = filtered(db, ownerId, filters)
    .select(LIST_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id');
  if (page) {
    query = query.limit(page.limit).offset(page.offset);
  }
  return query.execute();
}

export async function countCompletedForms(
  db: Db,
  ownerId: string,
  filters: CompletedFormFilters,
): Promise<number> {
  const row = await filtered(db, ownerId, filters)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Forms a job already produced, for a rerun to skip (job handlers are idempotent). */
export function listJobForms(db: Db, ownerId: string, jobId: string) {
  return db
    .selectFrom('completed_forms')
    .select(LIST_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('job_id', '=', jobId)
    .execute();
}

/** One of the owner's forms, without its fill report: what a job's zip and result read. */
export function findFormListing(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('completed_forms')
    .select(LIST_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Reads the row and holds its lock until the transaction ends (a no-op UPDATE, as for tables),
 * so two e-mails sent at once both land in `email_sent_to`.
 */
export function lockCompletedForm(trx: Db, ownerId: string, id: string) {
  return trx
    .updateTable('completed_forms')
    .set((eb) => ({ email_sent_to: eb.ref('email_sent_to') }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returning(['id', 'email_sent_to', 'template_name', 'record_display_name'])
    .executeTakeFirst();
}

export async function updateEmailSentTo(
  db: Db,
  ownerId: string,
  id: string,
  emailSentTo: string,
): Promise<void> {
  await db
    .updateTable('completed_forms')
    .set({ email_sent_to: emailSentTo, email_error: null })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteCompletedFormRow(db: Db, ownerId: string, id: string): Promise<void> {
  await db
    .deleteFrom('completed_forms')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

/** Records why the forms' e-mail failed (relay down after retries, every recipient refused). */
export async function updateEmailError(
  db: Db,
  ownerId: string,
  ids: readonly string[],
  error: string,
): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .updateTable('completed_forms')
    .set({ email_error: error })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...ids])
    .execute();
}

import type { Db } from '../../db/database.ts';

// The guided start's own row, and the four facts its checklist is made of. The facts read other
// modules' tables by owner only, as existence checks: no row leaves this file.

export type OnboardingRow = {
  checklist_dismissed: boolean;
  sample_template_id: string | null;
  sample_table_id: string | null;
};

export async function findOnboarding(db: Db, userId: string): Promise<OnboardingRow | undefined> {
  const row = await db
    .selectFrom('user_onboarding')
    .select(['checklist_dismissed', 'sample_template_id', 'sample_table_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, checklist_dismissed: Boolean(row.checklist_dismissed) };
}

export async function setChecklistDismissed(
  db: Db,
  userId: string,
  dismissed: boolean,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('user_onboarding')
    .values({ user_id: userId, checklist_dismissed: dismissed, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ checklist_dismissed: dismissed, updated_at: now }),
    )
    .execute();
}

/**
 * Names the account's sample template, only if the row still names `seen` (what the caller read
 * before making one): of two requests racing, the second finds the first's id and gets false.
 */
export async function claimSample(
  trx: Db,
  userId: string,
  seen: string | null,
  templateId: string,
): Promise<boolean> {
  const now = new Date().toISOString();
  const ids = { sample_template_id: templateId, sample_table_id: null };
  const result = await trx
    .insertInto('user_onboarding')
    .values({ user_id: userId, checklist_dismissed: false, updated_at: now, ...ids })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ...ids, updated_at: now })
        .where('user_onboarding.sample_template_id', seen === null ? 'is' : '=', seen),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setSampleTable(trx: Db, userId: string, tableId: string): Promise<void> {
  await trx
    .updateTable('user_onboarding')
    .set({ sample_table_id: tableId })
    .where('user_id', '=', userId)
    .execute();
}

const exists = async (
  db: Db,
  table: 'pdf_templates' | 'dynamic_tables' | 'field_mappings' | 'completed_forms',
  ownerId: string,
): Promise<boolean> =>
  (await db
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', ownerId)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** Whether the owner has a template, a table, a mapping and a completed form. */
export async function readProgress(
  db: Db,
  ownerId: string,
): Promise<{ upload: boolean; table: boolean; map: boolean; generate: boolean }> {
  const [upload, table, map, generate] = await Promise.all([
    exists(db, 'pdf_templates', ownerId),
    exists(db, 'dynamic_tables', ownerId),
    exists(db, 'field_mappings', ownerId),
    exists(db, 'completed_forms', ownerId),
  ]);
  return { upload, table, map, generate };
}

import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { SYSTEM_ACTOR } from '../../lib/audit/audit-actor.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { TrashPayload, TrashRow } from '../../lib/trash/trash-rows.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import { completedFormTarget, describeCompletedForm } from './completed-forms.audit.ts';
import {
  removeUnnamed,
  storeScriptFreeCopy,
  type ScriptFreeCopy,
  type SweepOptions,
  type SweepResult,
} from './completed-forms.script-files.ts';

// The trash keeps a deleted form's file (`trash_files`) and its row (the item's payload), so a
// restore would bring back the scripts: the form sweep cleans trashed forms too. A form row in a
// payload is checked once it has a `scripts_checked_at` date, which also keeps the item out of
// the next pass's query (payloads are JSON text, written by JSON.stringify: no spaces).

const CHECKED = '%"scripts_checked_at":"%';

type FormInTrash = { trashId: string; row: TrashRow };

const formRowsOf = (payload: TrashPayload) =>
  payload.tables.filter((entry) => entry.table === 'completed_forms').flatMap((e) => e.rows);

/**
 * Marks the form `formId` in trash item `trashId` checked and, given a copy, points its row and
 * the item's kept file at the copy; false when the item or that row is gone (restored, purged).
 */
async function updateTrashedForm(
  trx: Db,
  trashId: string,
  formId: string,
  copy: ScriptFreeCopy | null,
): Promise<boolean> {
  const item = await trx
    .selectFrom('trash_items')
    .select('payload')
    .where('id', '=', trashId)
    .executeTakeFirst();
  const payload = item ? (JSON.parse(item.payload) as TrashPayload) : null;
  const row = payload ? formRowsOf(payload).find((candidate) => candidate.id === formId) : null;
  if (!payload || !row || (copy && row.file_key !== copy.oldKey)) {
    return false;
  }
  const before = { ...row };
  row.scripts_checked_at = new Date().toISOString();
  if (copy) {
    Object.assign(row, { file_key: copy.newKey, file_size: copy.size });
    await trx
      .updateTable('trash_files')
      .set({ file_key: copy.newKey })
      .where('trash_id', '=', trashId)
      .where('file_key', '=', copy.oldKey)
      .execute();
  }
  await trx
    .updateTable('trash_items')
    .set({ payload: JSON.stringify(payload) })
    .where('id', '=', trashId)
    .execute();
  if (copy) {
    const form = before as Parameters<typeof completedFormTarget>[0] &
      Parameters<typeof describeCompletedForm>[0] & { owner_id: string };
    await auditWrite(
      trx,
      { workspaceId: form.owner_id, actor: SYSTEM_ACTOR },
      {
        action: 'completed_form.scripts_removed',
        target: completedFormTarget(form),
        before: describeCompletedForm(form),
        after: describeCompletedForm({ ...form, file_size: copy.size }),
      },
    );
  }
  return true;
}

/** The unchecked forms of the next trash items after `afterId`, with the last item's id. */
async function nextTrashedForms(db: Db, afterId: string, limit: number) {
  const items = await db
    .selectFrom('trash_items')
    .select(['id', 'payload'])
    .where('kind', '=', 'completed_form')
    .where('payload', 'not like', CHECKED)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  const forms: FormInTrash[] = items.flatMap((item) =>
    formRowsOf(JSON.parse(item.payload) as TrashPayload)
      .filter((row) => typeof row.scripts_checked_at !== 'string')
      .map((row) => ({ trashId: item.id, row })),
  );
  return { forms, lastId: items.at(-1)?.id ?? null };
}

/** Checks every form in the trash not yet checked for scripts; see sweepFormScripts. */
export async function sweepTrashedFormScripts(
  ctx: AppContext,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const result = { checked: 0, cleaned: 0 };
  let afterId = '';
  for (;;) {
    const { forms, lastId } = await nextTrashedForms(ctx.db, afterId, options.batch ?? 20);
    if (lastId === null) {
      return result;
    }
    for (const { trashId, row } of forms) {
      if (options.isStopping?.()) {
        return result;
      }
      const formId = String(row.id);
      const copy = await storeScriptFreeCopy(ctx, formId, String(row.file_key));
      try {
        const updated = await ctx.db
          .transaction()
          .execute((trx) => updateTrashedForm(trx, trashId, formId, copy));
        result.cleaned += updated && copy ? 1 : 0;
      } finally {
        if (copy) {
          await removeUnnamed(ctx, copy);
        }
      }
      result.checked += 1;
      await yieldToLoop();
    }
    afterId = lastId;
  }
}

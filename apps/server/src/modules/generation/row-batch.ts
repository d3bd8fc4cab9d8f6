import type { Db } from '../../db/database.ts';
import type { AuditActor } from '../../lib/audit/audit-actor.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import {
  recordFormsOnce,
  type NewCompletedForm,
} from '../completed-forms/completed-forms.public.ts';

/**
 * Completed-form rows of a bulk job, inserted a batch at a time: one statement for many forms
 * instead of a statement (and, on SQLite, a commit) per form on the thread that also serves
 * requests and feeds the zip. Each form's file is stored before its row is queued, so a crash
 * still leaves at worst files without rows, never a row without its file; a rerun of the job
 * regenerates the forms whose rows were not stored.
 */
export function createRowBatch(db: Db, storage: Storage, actor: AuditActor, size = 100) {
  let pending: NewCompletedForm[] = [];

  const flush = async (): Promise<void> => {
    const rows = pending;
    pending = [];
    try {
      await recordFormsOnce(db, rows, actor);
    } catch (error) {
      await Promise.all(rows.map((row) => storage.remove(row.file_key).catch(() => undefined)));
      throw error;
    }
  };

  return {
    add: async (row: NewCompletedForm): Promise<void> => {
      pending.push(row);
      if (pending.length >= size) {
        await flush();
      }
    },
    flush,
  };
}

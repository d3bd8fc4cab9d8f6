import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
import { keysKeptByTrash } from '../../lib/trash/move-to-trash.ts';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import { mayCarryScripts } from '../../pdf/prepare/script-markers.ts';

// The file side of the form script sweep (completed-forms.script-sweep.ts): a stored form's copy
// without scripts, written beside the old file, and the removal of whichever file no row names
// once the swap has committed (or failed).

/** What a pass did: forms checked, and forms whose file was replaced. */
export type SweepResult = { checked: number; cleaned: number };
/** `isStopping` ends a pass between forms (the server is closing). */
export type SweepOptions = { batch?: number; isStopping?: () => boolean };

/** A form file's copy without scripts, stored under `newKey` beside `oldKey`. */
export type ScriptFreeCopy = { oldKey: string; newKey: string; size: number; removed: number };

/**
 * Stores a copy of the form file `key` without its scripts, under a new key (the old file stays
 * until the row is swapped). Null when the file is gone, holds no script, or the sandbox would
 * not read it (it was read when made; it is left as it is).
 */
export async function storeScriptFreeCopy(
  ctx: AppContext,
  formId: string,
  key: string,
): Promise<ScriptFreeCopy | null> {
  let bytes: Buffer;
  try {
    bytes = await ctx.storage.read(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      return null;
    }
    throw error;
  }
  if (!mayCarryScripts(bytes)) {
    return null;
  }
  let copy: Awaited<ReturnType<AppContext['pdfSandbox']['removeScripts']>>;
  try {
    copy = await ctx.pdfSandbox.removeScripts(new Uint8Array(bytes));
  } catch (error) {
    if (error instanceof PdfInputError || error instanceof PdfUnsafeError) {
      return null;
    }
    throw error;
  }
  if (copy === null) {
    return null;
  }
  const newKey = `completed-forms/${formId}-${crypto.randomUUID()}.pdf`;
  // Written whole before any row names it: a crash leaves an unnamed file the file sweep removes.
  await ctx.storage.put(newKey, copy.bytes);
  return { oldKey: key, newKey, size: copy.bytes.byteLength, removed: copy.removed };
}

/** Whether a completed form or a trash item still names the key. */
async function isNamed(db: Db, key: string): Promise<boolean> {
  const [form, trash] = await Promise.all([
    db.selectFrom('completed_forms').select('id').where('file_key', '=', key).executeTakeFirst(),
    keysKeptByTrash(db, [key]),
  ]);
  return form !== undefined || trash.size > 0;
}

/** After the swap's commit (or its failure): removes whichever of the two files no row names. */
export async function removeUnnamed(ctx: AppContext, copy: ScriptFreeCopy): Promise<void> {
  for (const key of [copy.oldKey, copy.newKey]) {
    if (!(await isNamed(ctx.db, key))) {
      await ctx.storage.remove(key);
    }
  }
}

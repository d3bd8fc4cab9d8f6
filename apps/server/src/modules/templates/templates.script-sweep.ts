import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { SYSTEM_ACTOR } from '../../lib/audit/audit-actor.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
import { keysKeptByTrash } from '../../lib/trash/move-to-trash.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import { mayCarryScripts } from '../../pdf/prepare/script-markers.ts';
import type { TemplateRow } from './templates.repo.ts';
import { describeTemplate, templateTarget } from './templates.audit.ts';
import { fileKey } from './templates.service.ts';

// Issue 35 leftover: templates stored before the upload repair still hold their JavaScript, and
// every form filled from them (an incremental update of the stored file) carries it too. This
// pass runs each unchecked template's stored files (its PDF, its upload, every revision's file)
// through the same repair in the PDF sandbox, swaps in the repaired copies and marks the
// template checked (`scripts_checked_at`), so a restart resumes where it stopped.

/** Cheap test before the sandbox: what a script hides behind (names may be #-escaped). */
export const KEPT_FIELDS_NOTE =
  'JavaScript in a file stored before uploads removed it was kept: removing it would change the ' +
  'fields; replace the PDF to remove it';

class AlreadyChecked extends Error {}

type Replacement = { oldKey: string; newKey: string; bytes: Uint8Array; notes: string[] };
type SweepLog = { info: (data: object, message: string) => void };

const fieldNames = (fieldData: string) =>
  Object.keys(JSON.parse(fieldData) as Record<string, unknown>)
    .sort()
    .join('\n');

/** The rows naming `key` whose field lists a repaired copy must keep. */
function expectedFieldLists(
  template: TemplateRow,
  revisions: ReadonlyArray<{ file_key: string; field_data: string }>,
  key: string,
): string[] {
  const lists = revisions.filter((r) => r.file_key === key).map((r) => fieldNames(r.field_data));
  if (template.file_key === key) {
    lists.push(fieldNames(template.field_data));
  }
  // Only the field editor's upload (`original_file_key`): fields are written into it again.
  return lists;
}

/** The repaired copy of one stored file, or a note why it is kept, or null: nothing to do. */
async function repairFile(
  ctx: AppContext,
  key: string,
  expected: string[],
): Promise<Replacement | string | null> {
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
  try {
    const analysed = await ctx.pdfSandbox.analyse(new Uint8Array(bytes), { labels: false });
    // Only a removal of scripts swaps the file: an old file the repair would change for other
    // reasons (widgets linked into the form) works as it did, and is left as it was.
    if (analysed.repaired === null || analysed.scriptsRemoved === 0) {
      return null;
    }
    const names = Object.keys(analysed.detected.fields).sort().join('\n');
    if (expected.some((list) => list !== names)) {
      return KEPT_FIELDS_NOTE;
    }
    return { oldKey: key, newKey: fileKey(), bytes: analysed.repaired, notes: analysed.notes };
  } catch (error) {
    // The upload read it once; a file the sandbox refuses now is left as it is, and said so.
    if (error instanceof PdfInputError || error instanceof PdfUnsafeError) {
      return `JavaScript in a file stored before uploads removed it could not be checked: ${error.message}`;
    }
    throw error;
  }
}

const appendNotes = (current: string | null, added: readonly string[]): string | null => {
  const notes = [...((current ? JSON.parse(current) : []) as string[])];
  for (const note of added) {
    if (!notes.includes(note)) {
      notes.push(note);
    }
  }
  return notes.length > 0 ? JSON.stringify(notes) : null;
};

/** Points every row naming `oldKey` at the repaired copy. */
async function swapKey(trx: Db, templateId: string, r: Replacement): Promise<void> {
  const size = r.bytes.length;
  await trx
    .updateTable('pdf_templates')
    .set({ file_key: r.newKey, file_size: size })
    .where('id', '=', templateId)
    .where('file_key', '=', r.oldKey)
    .execute();
  await trx
    .updateTable('pdf_templates')
    .set({ original_file_key: r.newKey })
    .where('id', '=', templateId)
    .where('original_file_key', '=', r.oldKey)
    .execute();
  const revisions = await trx
    .selectFrom('template_revisions')
    .select(['id', 'detection_notes'])
    .where('template_id', '=', templateId)
    .where('file_key', '=', r.oldKey)
    .execute();
  for (const revision of revisions) {
    await trx
      .updateTable('template_revisions')
      .set({
        file_key: r.newKey,
        file_size: size,
        detection_notes: appendNotes(revision.detection_notes, r.notes),
      })
      .where('id', '=', revision.id)
      .execute();
  }
}

/** Whether any template, revision or trash item still names the key. */
async function isNamed(db: Db, key: string): Promise<boolean> {
  const [template, revision, trash] = await Promise.all([
    db
      .selectFrom('pdf_templates')
      .select('id')
      .where((eb) => eb.or([eb('file_key', '=', key), eb('original_file_key', '=', key)]))
      .executeTakeFirst(),
    db.selectFrom('template_revisions').select('id').where('file_key', '=', key).executeTakeFirst(),
    keysKeptByTrash(db, [key]),
  ]);
  return template !== undefined || revision !== undefined || trash.size > 0;
}

/** Cleans one unchecked template's files and marks it checked; true when a file was replaced. */
async function sweepTemplate(ctx: AppContext, template: TemplateRow): Promise<boolean> {
  const revisions = await ctx.db
    .selectFrom('template_revisions')
    .select(['file_key', 'field_data'])
    .where('template_id', '=', template.id)
    .execute();
  const keys = new Set([template.file_key, ...revisions.map((r) => r.file_key)]);
  if (template.original_file_key !== null) {
    keys.add(template.original_file_key);
  }
  const replacements: Replacement[] = [];
  const notes: string[] = [];
  for (const key of keys) {
    const outcome = await repairFile(ctx, key, expectedFieldLists(template, revisions, key));
    if (typeof outcome === 'string') {
      notes.push(outcome);
    } else if (outcome !== null) {
      replacements.push(outcome);
      notes.push(...outcome.notes);
    }
  }
  try {
    for (const r of replacements) {
      await ctx.storage.put(r.newKey, r.bytes);
    }
    await ctx.db.transaction().execute(async (trx) => {
      for (const r of replacements) {
        await swapKey(trx, template.id, r);
      }
      // Read again: the notes may have changed since (a new upload while the sandbox worked).
      const now = await trx
        .selectFrom('pdf_templates')
        .select('detection_notes')
        .where('id', '=', template.id)
        .executeTakeFirst();
      const marked = await trx
        .updateTable('pdf_templates')
        .set({
          detection_notes: appendNotes(now?.detection_notes ?? null, notes),
          scripts_checked_at: new Date().toISOString(),
        })
        .where('id', '=', template.id)
        .where('scripts_checked_at', 'is', null)
        .executeTakeFirst();
      // Another instance's pass (or a delete) got there first: this one changes nothing.
      if (Number(marked.numUpdatedRows) === 0) {
        throw new AlreadyChecked();
      }
      if (replacements.length > 0) {
        const after = await trx
          .selectFrom('pdf_templates')
          .selectAll()
          .where('id', '=', template.id)
          .executeTakeFirst();
        await auditWrite(
          trx,
          { workspaceId: template.owner_id, actor: SYSTEM_ACTOR },
          {
            action: 'template.scripts_removed',
            target: templateTarget(template),
            before: describeTemplate(template),
            after: after ? describeTemplate(after) : null,
          },
        );
      }
    });
  } catch (error) {
    if (!(error instanceof AlreadyChecked)) {
      throw error;
    }
    return false;
  } finally {
    // After the commit (or its failure): whichever of the old and new files no row names goes;
    // the file sweep removes any this misses.
    for (const key of replacements.flatMap((r) => [r.oldKey, r.newKey])) {
      if (!(await isNamed(ctx.db, key))) {
        await ctx.storage.remove(key);
      }
    }
  }
  return replacements.length > 0;
}

/**
 * Sweeps every template not yet checked for scripts, a few at a time with a yield between
 * templates (the sandbox does the reading, off this thread); `isStopping` ends the pass between
 * templates. Returns how many were checked and how many had files replaced.
 */
export async function sweepTemplateScripts(
  ctx: AppContext,
  options: { batch?: number; isStopping?: () => boolean } = {},
): Promise<{ checked: number; cleaned: number }> {
  const result = { checked: 0, cleaned: 0 };
  for (;;) {
    const batch = await ctx.db
      .selectFrom('pdf_templates')
      .selectAll()
      .where('scripts_checked_at', 'is', null)
      .orderBy('id')
      .limit(options.batch ?? 10)
      .execute();
    if (batch.length === 0) {
      return result;
    }
    for (const template of batch) {
      if (options.isStopping?.()) {
        return result;
      }
      result.cleaned += (await sweepTemplate(ctx, template)) ? 1 : 0;
      result.checked += 1;
      await yieldToLoop();
    }
  }
}

/**
 * Starts the one pass in the background; `stop` ends it after the template under way, `done`
 * settles when it ends.
 */
export function startScriptSweep(
  ctx: AppContext,
  after: Promise<unknown>,
  log: SweepLog & { error: (data: object, message: string) => void },
): { stop: () => Promise<void>; done: Promise<void> } {
  let stopping = false;
  const running = after
    .then(() => sweepTemplateScripts(ctx, { isStopping: () => stopping }))
    .then((result) => {
      if (result.checked > 0) {
        log.info(result, 'templates stored before the upload repair checked for scripts');
      }
    })
    .catch((error: unknown) => {
      // Closing stops the sandbox under a template being read: it is checked after the restart.
      if (!stopping) {
        log.error({ err: error }, 'script sweep failed');
      }
    });
  return {
    stop: async () => {
      stopping = true;
      await running;
    },
    done: running,
  };
}

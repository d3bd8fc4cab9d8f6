import type { AppContext } from '../../lib/context.ts';
import { SYSTEM_ACTOR } from '../../lib/audit/audit-actor.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import { completedFormTarget, describeCompletedForm } from './completed-forms.audit.ts';
import type { CompletedFormRow } from './completed-forms.repo.ts';
import {
  removeUnnamed,
  storeScriptFreeCopy,
  type ScriptFreeCopy,
  type SweepOptions,
  type SweepResult,
} from './completed-forms.script-files.ts';
import { sweepTrashedFormScripts } from './completed-forms.trash-scripts.ts';

// Issue 35 leftover: completed forms made before fills removed scripts carry their template's
// JavaScript (an incremental update keeps the template's bytes). This pass gives each unchecked
// form a copy without scripts (fields and values untouched, in the PDF sandbox), swaps the row to
// it in a transaction, then deletes the old file, and marks the form checked
// (`scripts_checked_at`): a restart resumes where it stopped, a kill leaves no half-written file.
// Forms in the trash follow (completed-forms.trash-scripts.ts).

const marked = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/** Points the unchecked form at its copy and marks it; false when it changed meanwhile. */
async function swapFormFile(
  ctx: AppContext,
  form: CompletedFormRow,
  copy: ScriptFreeCopy,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const swapped = await trx
      .updateTable('completed_forms')
      .set({ file_key: copy.newKey, file_size: copy.size, scripts_checked_at: now() })
      .where('id', '=', form.id)
      .where('file_key', '=', copy.oldKey)
      .where('scripts_checked_at', 'is', null)
      .executeTakeFirst();
    // Deleted (to the trash) or checked by another instance meanwhile: this one changes nothing.
    if (!marked(swapped)) {
      return false;
    }
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
    return true;
  });
}

const now = () => new Date().toISOString();

/** Checks one batch of unchecked forms; null when none is left or the pass is stopping. */
async function sweepBatch(ctx: AppContext, options: SweepOptions): Promise<SweepResult | null> {
  const forms = await ctx.db
    .selectFrom('completed_forms')
    .selectAll()
    .where('scripts_checked_at', 'is', null)
    .orderBy('id')
    .limit(options.batch ?? 20)
    .execute();
  if (forms.length === 0) {
    return null;
  }
  const result = { checked: 0, cleaned: 0 };
  const clean: string[] = [];
  for (const form of forms) {
    if (options.isStopping?.()) {
      break;
    }
    const copy = await storeScriptFreeCopy(ctx, form.id, form.file_key);
    if (copy === null) {
      clean.push(form.id);
    } else {
      try {
        result.cleaned += (await swapFormFile(ctx, form, copy)) ? 1 : 0;
      } finally {
        await removeUnnamed(ctx, copy);
      }
    }
    result.checked += 1;
    await yieldToLoop();
  }
  if (clean.length > 0) {
    await ctx.db
      .updateTable('completed_forms')
      .set({ scripts_checked_at: now() })
      .where('id', 'in', clean)
      .where('scripts_checked_at', 'is', null)
      .execute();
  }
  return result;
}

/**
 * Sweeps every completed form not yet checked for scripts, then the forms in the trash, a batch
 * at a time (the sandbox does the reading, off this thread); `isStopping` ends the pass between
 * forms. Returns how many were checked and how many had their file replaced.
 */
export async function sweepFormScripts(
  ctx: AppContext,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const total = { checked: 0, cleaned: 0 };
  for (;;) {
    const batch = await sweepBatch(ctx, options);
    if (batch === null) {
      break;
    }
    total.checked += batch.checked;
    total.cleaned += batch.cleaned;
    if (options.isStopping?.()) {
      return total;
    }
  }
  const trashed = await sweepTrashedFormScripts(ctx, options);
  return { checked: total.checked + trashed.checked, cleaned: total.cleaned + trashed.cleaned };
}

/** Starts the one pass in the background after `after`; `stop` ends it after the form under way. */
export function startFormScriptSweep(
  ctx: AppContext,
  after: Promise<unknown>,
  log: {
    info: (data: object, message: string) => void;
    error: (data: object, message: string) => void;
  },
): { stop: () => Promise<void> } {
  let stopping = false;
  const running = after
    .then(() => sweepFormScripts(ctx, { isStopping: () => stopping }))
    .then((result) => {
      if (result.checked > 0) {
        log.info(result, 'completed forms made before fills removed scripts checked');
      }
    })
    .catch((error: unknown) => {
      // Closing stops the sandbox under a form being read: it is checked after the restart.
      if (!stopping) {
        log.error({ err: error }, 'form script sweep failed');
      }
    });
  return {
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

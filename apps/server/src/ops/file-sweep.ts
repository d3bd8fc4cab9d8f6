import type { Db } from '../db/database.ts';
import { pruneAuditEvents } from '../lib/audit/retention.ts';
import type { Storage } from '../lib/storage/storage.ts';
import { keysKeptByTrash } from '../lib/trash/move-to-trash.ts';
import { purgeExpiredTrash } from '../lib/trash/purge-trash.ts';

// Files are given their stored name inside the transaction that inserts their row, just before
// it commits (local disk: written to DATA_DIR/tmp and renamed; S3: one atomic PUT). A crash in
// that instant, or between a delete's commit and the file's removal, leaves a file that no row
// owns. This sweep finds those: it never touches a file a row names, and leaves alone files
// younger than the grace period, which may be another instance's upload about to commit.

/** How each folder's files are owned: the keys (of those given) that a row still names. */
type Owner = (db: Db, keys: readonly string[]) => Promise<Set<string>>;

const byFileKey =
  (table: 'pdf_templates' | 'record_files' | 'completed_forms'): Owner =>
  async (db, keys) => {
    const rows = await db
      .selectFrom(table)
      .select('file_key')
      .where('file_key', 'in', keys)
      .execute();
    return new Set(rows.map((row) => row.file_key));
  };

/** `jobs/<job id>/…` belongs to its job's row. */
const jobIdOf = (key: string) => key.split('/')[1] ?? '';
const byJob: Owner = async (db, keys) => {
  const ids = [...new Set(keys.map(jobIdOf))];
  const rows = await db.selectFrom('jobs').select('id').where('id', 'in', ids).execute();
  const live = new Set(rows.map((row) => row.id));
  return new Set(keys.filter((key) => live.has(jobIdOf(key))));
};

/**
 * A template names its PDF and, once the field editor wrote fields into a copy, its upload; each
 * of its revisions (issue 32) names its own upload.
 */
const byTemplate: Owner = async (db, keys) => {
  const [current, originals, revisions] = await Promise.all([
    byFileKey('pdf_templates')(db, keys),
    db
      .selectFrom('pdf_templates')
      .select('original_file_key')
      .where('original_file_key', 'in', keys)
      .execute(),
    db.selectFrom('template_revisions').select('file_key').where('file_key', 'in', keys).execute(),
  ]);
  for (const row of originals) {
    current.add(row.original_file_key ?? '');
  }
  for (const row of revisions) {
    current.add(row.file_key);
  }
  return current;
};

/** A deleted item's files stay owned by its trash item until that is purged (issue 32). */
const orKeptByTrash =
  (owner: Owner): Owner =>
  async (db, keys) => {
    const owned = await owner(db, keys);
    for (const key of await keysKeptByTrash(db, keys)) {
      owned.add(key);
    }
    return owned;
  };

const FOLDERS: ReadonlyArray<[string, Owner]> = [
  ['templates/', orKeptByTrash(byTemplate)],
  ['record-files/', orKeptByTrash(byFileKey('record_files'))],
  ['completed-forms/', orKeptByTrash(byFileKey('completed_forms'))],
  ['jobs/', byJob],
];

const BATCH = 500;

async function sweepBatch(
  db: Db,
  storage: Storage,
  owner: Owner,
  keys: readonly string[],
  cutoff: number,
): Promise<number> {
  const owned = await owner(db, keys);
  let removed = 0;
  for (const key of keys.filter((one) => !owned.has(one))) {
    const modified = await storage.modifiedAt(key);
    if (modified === undefined || modified > cutoff) {
      continue;
    }
    // Asked again just before removing: a row may have committed since the batch was read, or
    // a retried job may have stored the same key again (derived ids) and be about to commit.
    const stillOld = async () => ((await storage.modifiedAt(key)) ?? Infinity) <= cutoff;
    if ((await owner(db, [key])).size === 0 && (await stillOld())) {
      await storage.remove(key);
      removed += 1;
    }
  }
  return removed;
}

/** Removes stored files no row owns and older than `graceMs`; returns how many went. */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  options: { graceMs: number; now?: number },
): Promise<number> {
  const cutoff = (options.now ?? Date.now()) - options.graceMs;
  let removed = 0;
  for (const [folder, owner] of FOLDERS) {
    let batch: string[] = [];
    for await (const key of storage.list(folder)) {
      batch.push(key);
      if (batch.length === BATCH) {
        removed += await sweepBatch(db, storage, owner, batch, cutoff);
        batch = [];
      }
    }
    if (batch.length > 0) {
      removed += await sweepBatch(db, storage, owner, batch, cutoff);
    }
  }
  return removed;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

type SweepLog = {
  info: (data: object, message: string) => void;
  error: (data: object, message: string) => void;
};

/** One sweep: trash items past their retention, orphan files, audit events past theirs. */
async function sweepOnce(
  db: Db,
  storage: Storage,
  options: { graceMs: number; auditRetentionDays: number; log: SweepLog },
): Promise<void> {
  const purged = await purgeExpiredTrash(db, storage);
  if (purged > 0) {
    options.log.info({ purged }, 'trash items past retention purged');
  }
  const removed = await sweepOrphanFiles(db, storage, { graceMs: options.graceMs });
  options.log.info({ removed }, 'file sweep done');
  const events = await pruneAuditEvents(db, options.auditRetentionDays);
  if (events > 0) {
    options.log.info({ removed: events }, 'audit events past retention removed');
  }
}

/**
 * Sweeps once now (in the background: start-up does not wait for a large store to be listed) and
 * then hourly; `stop` waits for a sweep under way, so closing never cuts one off mid-delete.
 */
export function startFileSweeper(
  db: Db,
  storage: Storage,
  options: { graceMs: number; auditRetentionDays: number; log: SweepLog },
): { stop: () => Promise<void>; firstSweep: Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweepOnce(db, storage, options)
      .catch((error: unknown) => options.log.error({ err: error }, 'sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const firstSweep = run();
  const timer = setInterval(() => void run(), SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
    firstSweep,
  };
}

import type { Db } from '../../db/database.ts';

const BATCH = 5000;

/**
 * Removes events older than the retention period (`AUDIT_RETENTION_DAYS`), a batch at a time so a
 * large log is never locked for long; returns how many went. Run by the hourly sweep.
 */
export async function pruneAuditEvents(
  db: Db,
  retentionDays: number,
  now: number = Date.now(),
): Promise<number> {
  const cutoff = new Date(now - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  let removed = 0;
  for (;;) {
    const result = await db
      .deleteFrom('audit_events')
      .where('id', 'in', (eb) =>
        eb.selectFrom('audit_events').select('id').where('at', '<', cutoff).limit(BATCH),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count < BATCH) {
      return removed;
    }
  }
}

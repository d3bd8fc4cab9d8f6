import type { Db } from '../db/database.ts';

export type Window = { count: number; resetAt: number };

/**
 * Counts events per key in fixed windows (login throttle, public-link limit, mail quota). In
 * memory for one process (SQLite); in PostgreSQL when several instances must see the same counts.
 */
export type CounterStore = {
  /** Events counted in the key's current window and when it ends (0 and now + window when none). */
  current: (key: string, now: number, windowMs: number) => Promise<Window>;
  /**
   * Counts `amount` events, opening a new window when the last one ended. With `slide`, every
   * count moves the window's end to now + windowMs (state kept while it stays in use).
   */
  add: (
    key: string,
    amount: number,
    now: number,
    windowMs: number,
    slide?: boolean,
  ) => Promise<Window>;
  reset: (key: string) => Promise<void>;
};

/** When the window ends if it already holds `max` events; 0 when it has room. */
export function blockedUntil(window: Window, max: number, now: number): number {
  return window.resetAt > now && window.count >= max ? window.resetAt : 0;
}

/** One process's counters. */
export function createMemoryCounterStore(): CounterStore {
  const windows = new Map<string, Window>();
  // Keeps the map bounded under a spray of distinct keys.
  const pruneExpired = (now: number) => {
    if (windows.size < 10_000) {
      return;
    }
    for (const [key, window] of windows) {
      if (window.resetAt <= now) {
        windows.delete(key);
      }
    }
  };
  return {
    current: async (key, now, windowMs) => {
      const window = windows.get(key);
      return !window || window.resetAt <= now
        ? { count: 0, resetAt: now + windowMs }
        : { ...window };
    },
    add: async (key, amount, now, windowMs, slide = false) => {
      const window = windows.get(key);
      if (!window || window.resetAt <= now) {
        const fresh = { count: amount, resetAt: now + windowMs };
        windows.set(key, fresh);
        pruneExpired(now);
        return { ...fresh };
      }
      window.count += amount;
      if (slide) {
        window.resetAt = now + windowMs;
      }
      return { ...window };
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
}

// Expired rows are deleted now and then by whichever instance counts: about one add in this many.
const SWEEP_ONE_IN = 500;

/** Counters in the rate_counters table: one upsert per count, shared by every instance. */
export function createDbCounterStore(db: Db): CounterStore {
  return {
    current: async (key, now, windowMs) => {
      const row = await db
        .selectFrom('rate_counters')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      const resetAt = Number(row?.reset_at ?? 0);
      return !row || resetAt <= now
        ? { count: 0, resetAt: now + windowMs }
        : { count: row.count, resetAt };
    },
    add: async (key, amount, now, windowMs, slide = false) => {
      if (Math.random() * SWEEP_ONE_IN < 1) {
        await db.deleteFrom('rate_counters').where('reset_at', '<=', now).execute();
      }
      // One statement: a window that ended starts again at `amount`, else the count grows.
      const row = await db
        .insertInto('rate_counters')
        .values({ key, count: amount, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb
              .case()
              .when('rate_counters.reset_at', '<=', now)
              .then(eb.ref('excluded.count'))
              .else(eb('rate_counters.count', '+', eb.ref('excluded.count')))
              .end(),
            reset_at: eb
              .case()
              .when(eb.or([eb('rate_counters.reset_at', '<=', now), eb.lit(slide)]))
              .then(eb.ref('excluded.reset_at'))
              .else(eb.ref('rate_counters.reset_at'))
              .end(),
          })),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: row.count, resetAt: Number(row.reset_at) };
    },
    reset: async (key) => {
      await db.deleteFrom('rate_counters').where('key', '=', key).execute();
    },
  };
}

/** Whole minutes (at least one) until `until`, for "try again in N minutes" messages. */
export function minutesUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

type Window = { count: number; resetAt: number };

/**
 * Counts events per key in fixed windows (the login throttle and the public-link limit). In
 * memory: one process serves the app; a shared store replaces this map when it runs as several.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();
  private readonly windowMs: number;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  /** When the key's window ends if it already holds `max` events; 0 when it has room. */
  blockedUntil(key: string, max: number, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      return 0;
    }
    return window.count >= max ? window.resetAt : 0;
  }

  /** Counts `amount` events (one by default) for the key, opening a new window when the last ended. */
  bump(key: string, now: number, amount = 1): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: amount, resetAt: now + this.windowMs });
      this.pruneExpired(now);
      return;
    }
    window.count += amount;
  }

  /** Events counted in the key's current window and when it ends (0 and now + window when none). */
  current(key: string, now: number): Window {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      return { count: 0, resetAt: now + this.windowMs };
    }
    return { ...window };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  // Keeps the map bounded under a spray of distinct keys.
  private pruneExpired(now: number): void {
    if (this.windows.size < 10_000) {
      return;
    }
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}

/** Whole minutes (at least one) until `until`, for "try again in N minutes" messages. */
export function minutesUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

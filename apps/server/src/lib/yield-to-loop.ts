import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop answer what is waiting (health checks, other users' requests) before a long
 * synchronous pass goes on: awaited every few thousand items of work done on the main thread.
 */
export function yieldToLoop(): Promise<void> {
  return setImmediate();
}

import type { AppContext } from '../../lib/context.ts';

/**
 * Removes stored files after the rows that pointed at them are gone (committed). A failure only
 * leaves an unreferenced file behind, never a row without its file, so it must not fail a
 * request whose data change has already been committed.
 */
export async function removeStoredFiles(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 20) {
    const results = await Promise.allSettled(
      keys.slice(start, start + 20).map((key) => ctx.storage.remove(key)),
    );
    for (const result of results) {
      if (result.status === 'rejected') {
        console.error('Could not remove a stored file', result.reason);
      }
    }
  }
}

/**
 * Starts `start(item)` for up to `concurrency` items at a time and hands each result to
 * `handle` in the items' order (a zip lists records in the order they were asked for). Stops
 * starting new items once `signal` is aborted; items already started are still handled.
 */
export async function runOrdered<T, R>(
  items: readonly T[],
  concurrency: number,
  start: (item: T) => Promise<R>,
  handle: (item: T, result: R) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const window: Array<{ item: T; result: Promise<R> }> = [];
  let next = 0;
  const fill = () => {
    while (window.length < concurrency && next < items.length && !signal.aborted) {
      const item = items[next] as T;
      next += 1;
      const result = start(item);
      // Handled in order below; meanwhile a rejection must not count as unhandled.
      result.catch(() => undefined);
      window.push({ item, result });
    }
  };
  fill();
  while (window.length > 0) {
    const head = window.shift() as { item: T; result: Promise<R> };
    await handle(head.item, await head.result);
    fill();
  }
}

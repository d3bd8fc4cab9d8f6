/**
 * A least-recently-used map bounded by an estimated cost in bytes (and by a count). Fill workers
 * keep parsed template plans in it: a plan costs several times its file (the object graph of a
 * parsed PDF is 1–13× the file on the corpus), and the worker's heap is capped, so the bound is
 * on bytes rather than on entries. The newest entry is always kept, whatever its cost.
 */
export class CostBoundedLru<V> {
  private readonly entries = new Map<string, { value: V; cost: number }>();
  private total = 0;

  private readonly maxCost: number;
  private readonly maxEntries: number;

  constructor(maxCost: number, maxEntries: number) {
    this.maxCost = maxCost;
    this.maxEntries = maxEntries;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  set(key: string, value: V, cost: number): void {
    this.delete(key);
    this.entries.set(key, { value, cost });
    this.total += cost;
    for (const [oldest, entry] of this.entries) {
      if (
        this.entries.size <= 1 ||
        (this.total <= this.maxCost && this.entries.size <= this.maxEntries)
      ) {
        break;
      }
      this.entries.delete(oldest);
      this.total -= entry.cost;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.total -= entry.cost;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get cost(): number {
    return this.total;
  }
}

import { JsonResult } from '../../lib/jobs/job-queue.ts';
import type { StoredGenerationResult, StoredResultItem } from './generation-result.ts';

const BLOCK_BYTES = 64 * 1024;

/**
 * The result entries of a running bulk job, kept as JSON text in 64 KiB blocks outside the JS
 * heap. Held as objects, 5,000 entries (~0.5 KB each) grew the main thread's live heap through
 * the job, and V8 grows the committed old space by a multiple of the live heap: RSS climbed with
 * the record count (docs/benchmarks.md). The result is written once, when the job ends.
 */
export function createResultLog() {
  const blocks: Buffer[] = [];
  let block = Buffer.allocUnsafe(BLOCK_BYTES);
  let used = 0;
  let count = 0;
  return {
    get count() {
      return count;
    },
    add(item: StoredResultItem): void {
      const text = (count === 0 ? '' : ',') + JSON.stringify(item);
      const length = Buffer.byteLength(text);
      if (used + length > block.length) {
        blocks.push(block.subarray(0, used));
        block = Buffer.allocUnsafe(Math.max(BLOCK_BYTES, length));
        used = 0;
      }
      used += block.write(text, used);
      count += 1;
    },
    /** The job's result as stored: `result` with these entries as its `results`. */
    toResult(result: Omit<StoredGenerationResult, 'results'>): JsonResult {
      const entries = [...blocks, block.subarray(0, used)].map((part) => part.toString('utf8'));
      const rest = JSON.stringify(result).slice(1);
      return new JsonResult(`{"results":[${entries.join('')}]${rest === '}' ? '}' : `,${rest}`}`);
    },
  };
}

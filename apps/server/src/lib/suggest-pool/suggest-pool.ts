import type { Suggestion, SuggestInput } from '../../suggest/suggest-types.ts';
import { AppError } from '../errors.ts';
import { createWorkerPool, type WorkerFailure } from '../workers/worker-pool.ts';
import type { SuggestRequest, SuggestResponse } from './suggest-messages.ts';

export type SuggestPool = {
  /** The engine's suggestions (suggest/suggest-field-mappings.ts), computed in a worker thread. */
  suggest: (input: SuggestInput) => Promise<Suggestion[]>;
  close: () => Promise<void>;
};

export type SuggestPoolOptions = {
  /** Worker threads; one by default: a request takes milliseconds, and each thread costs ~40 MB. */
  size?: number;
  deadlineMs?: number;
  heapMb?: number;
  /** Kept warm this long after the last request: the first request of a thread loads the engine. */
  idleTimeoutMs?: number;
};

const WORKER_URL = new URL('./suggest-worker.ts', import.meta.url);

function toSuggestError(failure: WorkerFailure): Error {
  if (failure.kind === 'closed') {
    return new Error('The server is shutting down');
  }
  const why =
    failure.kind === 'deadline'
      ? `they took longer than ${Math.round(failure.deadlineMs / 1000)} s`
      : failure.kind === 'out-of-memory'
        ? `they needed more than ${failure.heapMb} MB of memory`
        : 'the suggestion worker stopped';
  return new AppError(503, `Mapping suggestions could not be made: ${why}. Please try again.`);
}

/**
 * Worker threads (lib/workers) that run the mapping suggestion engine, so a large form against a
 * wide table never holds up the requests of other users.
 */
export function createSuggestPool(options: SuggestPoolOptions = {}): SuggestPool {
  const pool = createWorkerPool<SuggestRequest, SuggestResponse, null>({
    size: options.size ?? 1,
    workerUrl: () => WORKER_URL,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 256, maxYoungGenerationSizeMb: 16 },
    deadlineMs: options.deadlineMs ?? 30_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 300_000,
    slotState: () => null,
    toError: toSuggestError,
  });
  let nextId = 1;
  return {
    suggest: async (input) => {
      const response = await pool.run({ id: nextId++, input });
      if (response.type === 'failed') {
        throw new Error(`The suggestion engine failed: ${response.message}`);
      }
      return response.suggestions;
    },
    close: pool.close,
  };
}

import os from 'node:os';
import type { CheckpointHost } from '../../db/wal-checkpointer.ts';
import type { FillOptions, FillReport, FillValue } from '../../pdf/fill/fill-form.ts';
import { UNSAFE_PDF_PREFIX } from '../../pdf/objects/pdf-unsafe.ts';
import { createWorkerPool, type WorkerFailure } from '../workers/worker-pool.ts';
import type { WorkerRequest, WorkerResponse } from './fill-messages.ts';
import { fillWorkerUrl } from './fill-worker-bundle.ts';

export type FillTask = {
  /** Storage key of the template: names one immutable file, so workers cache by it. */
  templateKey: string;
  templateBytes: Uint8Array;
  values: Record<string, FillValue>;
  flatten: boolean;
  /** Also produce a flattened copy (the merged PDF of a multi-template generation). */
  alsoFlattened?: boolean;
  /** The template's fill settings; the engine's defaults when absent. */
  settings?: Omit<FillOptions, 'flatten'>;
};

export type FillOutput = { bytes: Uint8Array; report: FillReport; flattened: Uint8Array | null };

/** A fill or merge that did not produce a PDF; `isPdfError` when the template cannot be filled. */
export class FillFailedError extends Error {
  readonly isPdfError: boolean;
  constructor(message: string, isPdfError = false) {
    super(message);
    this.name = 'FillFailedError';
    this.isPdfError = isPdfError;
  }
}

export type FillPool = {
  /** `high` goes ahead of queued work: a single form someone waits for beats a bulk job. */
  fill: (task: FillTask, options?: { priority?: 'high' | 'normal' }) => Promise<FillOutput>;
  merge: (documents: Uint8Array[]) => Promise<Uint8Array>;
  /**
   * A WAL checkpoint round on a running worker (db/wal-checkpointer.ts): while a job fills,
   * the checkpointer needs no thread of its own. Null when no worker runs now.
   */
  checkpoint: CheckpointHost;
  readonly size: number;
  close: () => Promise<void>;
};

export type FillPoolOptions = {
  /** Worker threads; defaults to the cores available, at most 4. */
  size?: number;
  /** A fill taking longer is abandoned and its worker replaced (a pathological PDF). */
  taskTimeoutMs?: number;
  /** Workers are stopped after this long without work, and started again on demand. */
  idleTimeoutMs?: number;
  /** The worker script; by default the bundle when current, else the source (tests pick one). */
  workerUrl?: URL;
};

// Measured on the bulk benchmark: V8's default young generation lets each worker's RSS climb past
// 250 MB while filling (its garbage is collected late); capped at 16 MB a worker stays near 70 MB
// at the same speed. The old-generation cap stops a pathological PDF before it takes the host.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 512 };

/** The default pool size: every core this process may use, at most 4. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}

function toFillError(failure: WorkerFailure): Error {
  switch (failure.kind) {
    case 'deadline':
      return new FillFailedError(
        `${UNSAFE_PDF_PREFIX}: filling it took longer than ${Math.round(failure.deadlineMs / 1000)} s`,
        true,
      );
    case 'out-of-memory':
      return new FillFailedError(
        `${UNSAFE_PDF_PREFIX}: filling it needed more than ${failure.heapMb} MB of memory`,
        true,
      );
    case 'crashed':
      return new FillFailedError(
        `${UNSAFE_PDF_PREFIX}: the PDF engine failed on it (${failure.message})`,
        true,
      );
    case 'memory-ceiling':
    case 'exited':
      return new FillFailedError(`${UNSAFE_PDF_PREFIX}: the PDF engine stopped unexpectedly`, true);
    case 'closed':
      return new FillFailedError('The server is shutting down');
  }
}

/**
 * The fill engine in worker threads (lib/workers): filling is synchronous CPU work of 20–200 ms
 * a form; on the main thread it would stall every request and the zip stream of a bulk job.
 * Template bytes go to a worker once; it keeps them by storage key and asks again if it evicted
 * them.
 */
export function createFillPool(options: FillPoolOptions = {}): FillPool {
  // The bytes of each waiting fill's template, sent only to a worker that does not hold it.
  const templateBytes = new Map<number, Uint8Array>();
  const pool = createWorkerPool<WorkerRequest, WorkerResponse, Set<string>>({
    size: options.size ?? defaultPoolSize(),
    workerUrl: () => options.workerUrl ?? fillWorkerUrl(),
    resourceLimits: WORKER_LIMITS,
    deadlineMs: options.taskTimeoutMs ?? 30_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    slotState: () => new Set<string>(),
    toError: toFillError,
    send: (worker, request, slot) => {
      if (request.type === 'fill' && !slot.state.has(request.templateKey)) {
        slot.state.add(request.templateKey);
        worker.postMessage({ ...request, templateBytes: templateBytes.get(request.id) });
      } else {
        worker.postMessage(request);
      }
    },
    intercept: (worker, response, request) => {
      if (response.type !== 'need-template' || request.type !== 'fill') {
        return false;
      }
      worker.postMessage({ ...request, templateBytes: templateBytes.get(request.id) });
      return true;
    },
  });
  let nextId = 1;

  const unwrap = (response: WorkerResponse): WorkerResponse => {
    if (response.type === 'error') {
      throw new FillFailedError(response.message, response.isPdfError);
    }
    return response;
  };

  return {
    size: pool.size,
    fill: async (task, fillOptions = {}) => {
      const id = nextId++;
      templateBytes.set(id, task.templateBytes);
      let response: WorkerResponse;
      try {
        response = unwrap(
          await pool.run(
            {
              type: 'fill',
              id,
              templateKey: task.templateKey,
              values: task.values,
              flatten: task.flatten,
              alsoFlattened: task.alsoFlattened ?? false,
              ...(task.settings ? { settings: task.settings } : {}),
            },
            fillOptions.priority ?? 'normal',
          ),
        );
      } finally {
        templateBytes.delete(id);
      }
      if (response.type !== 'filled') {
        throw new FillFailedError(`Unexpected answer from the PDF engine: ${response.type}`);
      }
      return {
        bytes: response.bytes,
        report: response.report,
        flattened: response.flattened ?? null,
      };
    },
    merge: async (documents) => {
      const response = unwrap(await pool.run({ type: 'merge', id: nextId++, documents }));
      if (response.type !== 'merged') {
        throw new FillFailedError(`Unexpected answer from the PDF engine: ${response.type}`);
      }
      return response.bytes;
    },
    checkpoint: (settings) => {
      if (pool.liveWorkers() === 0) {
        return null;
      }
      return pool.run({ type: 'checkpoint', id: nextId++, settings }).then((answer) => {
        const response = unwrap(answer);
        if (response.type !== 'checkpointed') {
          throw new Error(`Unexpected answer from the PDF engine: ${response.type}`);
        }
        return response.report;
      });
    },
    close: () => pool.close(),
  };
}

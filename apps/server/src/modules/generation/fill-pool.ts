import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FillOptions, FillReport, FillValue } from '../../pdf/fill-form.ts';
import { UNSAFE_PDF_PREFIX } from '../../pdf/pdf-unsafe.ts';
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

type Pending = {
  id: number;
  request: WorkerRequest;
  templateBytes: Uint8Array | undefined;
  resolve: (response: WorkerResponse) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  current: Pending | null;
  /** Templates this worker was sent (a hint: it may have evicted one and ask again). */
  templates: Set<string>;
  timeout: NodeJS.Timeout | undefined;
};

// Measured on the bulk benchmark: V8's default young generation lets each worker's RSS climb past
// 250 MB while filling (its garbage is collected late); capped at 16 MB a worker stays near 70 MB
// at the same speed. The old-generation cap stops a pathological PDF before it takes the host.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 512 };

/** The default pool size: every core this process may use, at most 4. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}

/**
 * A pool of worker threads that fill (and merge) PDFs. Filling is synchronous CPU work of 20–200
 * ms a form; on the main thread it would stall every request and the zip stream of a bulk job.
 */
export function createFillPool(options: FillPoolOptions = {}): FillPool {
  const size = options.size ?? defaultPoolSize();
  const taskTimeoutMs = options.taskTimeoutMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  let isClosed = false;

  const send = (slot: Slot, job: Pending, withTemplate: boolean) => {
    let request = job.request;
    if (request.type === 'fill') {
      request = withTemplate ? { ...request, templateBytes: job.templateBytes } : request;
      slot.templates.add(request.templateKey);
    }
    slot.worker.postMessage(request);
  };

  const finishSlot = (slot: Slot) => {
    slot.current = null;
    dispatch();
  };

  const armTimeout = (slot: Slot) => {
    clearTimeout(slot.timeout);
    slot.timeout = setTimeout(() => {
      const job = slot.current;
      slot.current = null;
      job?.reject(
        new FillFailedError(
          `${UNSAFE_PDF_PREFIX}: filling it took longer than ${Math.round(taskTimeoutMs / 1000)} s`,
          true,
        ),
      );
      // `exit` then removes the slot, and the next task gets a fresh worker.
      void slot.worker.terminate();
    }, taskTimeoutMs);
    slot.timeout.unref();
  };

  const spawn = (): Slot => {
    const worker = new Worker(options.workerUrl ?? fillWorkerUrl(), {
      resourceLimits: WORKER_LIMITS,
    });
    worker.unref();
    const slot: Slot = { worker, current: null, templates: new Set(), timeout: undefined };
    worker.on('message', (response: WorkerResponse) => {
      const job = slot.current;
      if (!job || job.id !== response.id) {
        return;
      }
      if (response.type === 'need-template') {
        send(slot, job, true);
        return;
      }
      clearTimeout(slot.timeout);
      job.resolve(response);
      finishSlot(slot);
    });
    const onGone = (error: Error) => {
      clearTimeout(slot.timeout);
      const index = slots.indexOf(slot);
      if (index >= 0) {
        slots.splice(index, 1);
      }
      slot.current?.reject(error);
      slot.current = null;
      dispatch();
    };
    worker.on('error', (error: Error & { code?: string }) =>
      onGone(
        new FillFailedError(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${UNSAFE_PDF_PREFIX}: filling it needed more than ${WORKER_LIMITS.maxOldGenerationSizeMb} MB of memory`
            : `${UNSAFE_PDF_PREFIX}: the PDF engine failed on it (${error.message.slice(0, 200)})`,
          true,
        ),
      ),
    );
    worker.on('exit', () =>
      onGone(
        new FillFailedError(`${UNSAFE_PDF_PREFIX}: the PDF engine stopped unexpectedly`, true),
      ),
    );
    slots.push(slot);
    return slot;
  };

  const start = (slot: Slot, job: Pending) => {
    slot.current = job;
    armTimeout(slot);
    const hasTemplate = job.request.type === 'fill' && slot.templates.has(job.request.templateKey);
    send(slot, job, !hasTemplate);
  };

  function dispatch(): void {
    if (isClosed) {
      return;
    }
    while (queue.length > 0) {
      const idle =
        slots.find((slot) => slot.current === null) ?? (slots.length < size ? spawn() : null);
      const job = idle ? queue.shift() : undefined;
      if (!idle || !job) {
        break;
      }
      start(idle, job);
    }
    clearTimeout(idleTimer);
    if (queue.length === 0 && slots.every((slot) => slot.current === null) && slots.length > 0) {
      idleTimer = setTimeout(() => {
        for (const slot of slots.splice(0)) {
          slot.worker.removeAllListeners('exit');
          void slot.worker.terminate();
        }
      }, idleTimeoutMs);
      idleTimer.unref();
    }
  }

  const submit = (
    request: WorkerRequest,
    templateBytes: Uint8Array | undefined,
    priority: 'high' | 'normal',
  ) =>
    new Promise<WorkerResponse>((resolve, reject) => {
      if (isClosed) {
        reject(new FillFailedError('The server is shutting down'));
        return;
      }
      const job: Pending = { id: request.id, request, templateBytes, resolve, reject };
      if (priority === 'high') {
        queue.unshift(job);
      } else {
        queue.push(job);
      }
      dispatch();
    });

  const unwrap = (response: WorkerResponse): WorkerResponse => {
    if (response.type === 'error') {
      throw new FillFailedError(response.message, response.isPdfError);
    }
    return response;
  };

  return {
    size,
    fill: async (task, fillOptions = {}) => {
      const id = nextId++;
      const response = unwrap(
        await submit(
          {
            type: 'fill',
            id,
            templateKey: task.templateKey,
            values: task.values,
            flatten: task.flatten,
            alsoFlattened: task.alsoFlattened ?? false,
            ...(task.settings ? { settings: task.settings } : {}),
          },
          task.templateBytes,
          fillOptions.priority ?? 'normal',
        ),
      );
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
      const response = unwrap(
        await submit({ type: 'merge', id: nextId++, documents }, undefined, 'normal'),
      );
      if (response.type !== 'merged') {
        throw new FillFailedError(`Unexpected answer from the PDF engine: ${response.type}`);
      }
      return response.bytes;
    },
    close: async () => {
      isClosed = true;
      clearTimeout(idleTimer);
      for (const job of queue.splice(0)) {
        job.reject(new FillFailedError('The server is shutting down'));
      }
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          slot.worker.removeAllListeners('exit');
          slot.current?.reject(new FillFailedError('The server is shutting down'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}

import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DetectedTemplate } from '../../pdf/detect-types.ts';
import { PdfInputError } from '../../pdf/detect-errors.ts';
import { PdfUnsafeError } from '../../pdf/pdf-unsafe.ts';
import type { ReadSheet, SheetFormat, SheetRefusal } from '../../sheets/read-sheet.ts';
import type { SandboxRequest, SandboxResponse } from './sandbox-messages.ts';

export type AnalysedPdf = { detected: DetectedTemplate; repaired: Uint8Array | null };

/**
 * A spreadsheet the sandbox did not read: not readable, past a sheet limit, or (`unsafe`) past
 * a sandbox limit (time, memory), with `why` saying which.
 */
export class SheetRefusedError extends Error {
  readonly refusal: SheetRefusal | { kind: 'unsafe'; why: string };

  constructor(refusal: SheetRefusedError['refusal']) {
    super(`The spreadsheet was refused: ${refusal.kind}`);
    this.name = 'SheetRefusedError';
    this.refusal = refusal;
  }
}

export type PdfSandbox = {
  /**
   * Detects the fields of an uploaded PDF and repairs its field tree, in a worker under the
   * sandbox limits. Throws PdfInputError (not a usable PDF) or PdfUnsafeError (a limit hit).
   */
  analyse: (bytes: Uint8Array, options?: { labels?: boolean }) => Promise<AnalysedPdf>;
  /**
   * Reads an uploaded CSV or .xlsx into a grid, in a worker under the same limits plus the sheet
   * limits (cells, columns, inflated bytes). Throws SheetRefusedError.
   */
  readSheet: (bytes: Uint8Array, format: SheetFormat, maxRows: number) => Promise<ReadSheet>;
  /**
   * Stops the workers that have no task now instead of after the idle timeout: a bulk job calls
   * it so that an upload's reader (~60-100 MB with pdf.js loaded) does not sit beside the fill
   * workers for its whole idle minute. The next upload starts a worker again.
   */
  releaseIdle: () => void;
  close: () => Promise<void>;
};

export type PdfSandboxOptions = {
  /** Worker threads; by default the cores available, at most 2. */
  size?: number;
  /** Wall-clock limit of one task; past it the worker is terminated and replaced. */
  deadlineMs?: number;
  /** V8 old-generation cap of each worker (its JavaScript heap). */
  heapMb?: number;
  /** Process RSS above which every busy sandbox worker is terminated (off-heap buffers). */
  rssCeilingBytes?: number;
  idleTimeoutMs?: number;
};

type Task = {
  request: SandboxRequest;
  resolve: (response: SandboxResponse) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; task: Task | null; deadline: NodeJS.Timeout | undefined };

const WORKER_URL = new URL('./sandbox-worker.ts', import.meta.url);
const WATCH_INTERVAL_MS = 100;

/**
 * A pool of worker threads that read untrusted PDFs and spreadsheets under hard limits enforced
 * from outside.
 */
export function createPdfSandbox(options: PdfSandboxOptions = {}): PdfSandbox {
  const size = options.size ?? Math.max(1, Math.min(os.availableParallelism(), 2));
  const deadlineMs = options.deadlineMs ?? 15_000;
  const heapMb = options.heapMb ?? 512;
  const rssCeilingBytes = options.rssCeilingBytes ?? 1536 * 1024 * 1024;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let watch: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let isClosed = false;
  let quietUntil = 0;

  /** Ends a slot's worker and fails its task with `why`; `exit` then drops the slot. */
  const kill = (slot: Slot, why: string) => {
    const index = slots.indexOf(slot);
    if (index >= 0) {
      slots.splice(index, 1); // never handed another task, even before it has exited
    }
    const task = slot.task;
    slot.task = null;
    clearTimeout(slot.deadline);
    task?.reject(
      task.request.type === 'sheet'
        ? new SheetRefusedError({ kind: 'unsafe', why })
        : new PdfUnsafeError(why),
    );
    void slot.worker.terminate();
  };

  const watchMemory = () => {
    // A terminated worker's memory is released a moment later: do not blame the next task.
    if (Date.now() < quietUntil || process.memoryUsage.rss() <= rssCeilingBytes) {
      return;
    }
    quietUntil = Date.now() + 1_000;
    for (const slot of slots.filter((s) => s.task !== null)) {
      kill(slot, 'reading it needed too much memory');
    }
    dispatch();
  };

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const slot: Slot = { worker, task: null, deadline: undefined };
    worker.on('message', (response: SandboxResponse) => {
      const task = slot.task;
      if (task?.request.id !== response.id) {
        return;
      }
      clearTimeout(slot.deadline);
      slot.task = null;
      task.resolve(response);
      dispatch();
    });
    const reader = () => (slot.task?.request.type === 'sheet' ? 'spreadsheet' : 'PDF');
    let failure: string | undefined;
    worker.on('error', (error: Error & { code?: string }) => {
      failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `reading it needed more than ${heapMb} MB of memory`
          : `the ${reader()} reader failed on it (${error.message.slice(0, 200)})`;
    });
    worker.on('exit', () => {
      kill(slot, failure ?? `the ${reader()} reader stopped unexpectedly`);
      dispatch();
    });
    slots.push(slot);
    return slot;
  };

  function dispatch(): void {
    if (isClosed) {
      return;
    }
    while (queue.length > 0) {
      const slot = slots.find((s) => s.task === null) ?? (slots.length < size ? spawn() : null);
      const task = slot ? queue.shift() : undefined;
      if (!slot || !task) {
        break;
      }
      slot.task = task;
      slot.deadline = setTimeout(() => {
        kill(slot, `reading it took longer than ${Math.round(deadlineMs / 1000)} s`);
        dispatch();
      }, deadlineMs);
      slot.worker.postMessage(task.request);
    }
    const isBusy = slots.some((s) => s.task !== null);
    if (isBusy && watch === undefined) {
      watch = setInterval(watchMemory, WATCH_INTERVAL_MS);
      watch.unref();
    } else if (!isBusy && watch !== undefined) {
      clearInterval(watch);
      watch = undefined;
    }
    clearTimeout(idleTimer);
    if (!isBusy && queue.length === 0 && slots.length > 0) {
      idleTimer = setTimeout(() => {
        for (const slot of slots.splice(0)) {
          void slot.worker.terminate();
        }
      }, idleTimeoutMs);
      idleTimer.unref();
    }
  }

  const run = (request: SandboxRequest) =>
    new Promise<SandboxResponse>((resolve, reject) => {
      if (isClosed) {
        reject(new Error('The server is shutting down'));
        return;
      }
      queue.push({ request, resolve, reject });
      dispatch();
    });

  return {
    analyse: async (bytes, analyseOptions = {}) => {
      const response = await run({
        type: 'analyse',
        id: nextId++,
        bytes,
        labels: analyseOptions.labels ?? true,
      });
      if (response.type === 'input-error') {
        throw new PdfInputError(response.reason);
      }
      if (response.type === 'unsafe') {
        throw new PdfUnsafeError(response.why);
      }
      if (response.type !== 'analysed') {
        throw new Error(`The PDF sandbox answered ${response.type} to an analysis`);
      }
      return { detected: response.detected, repaired: response.repaired };
    },
    readSheet: async (bytes, format, maxRows) => {
      const response = await run({ type: 'sheet', id: nextId++, bytes, format, maxRows });
      if (response.type === 'sheet-refused') {
        throw new SheetRefusedError(response.refusal);
      }
      if (response.type === 'unsafe') {
        throw new SheetRefusedError({ kind: 'unsafe', why: response.why });
      }
      if (response.type !== 'sheet') {
        throw new Error(`The sandbox answered ${response.type} to a spreadsheet`);
      }
      return response.sheet;
    },
    releaseIdle: () => {
      for (const slot of slots.filter((s) => s.task === null)) {
        slots.splice(slots.indexOf(slot), 1);
        void slot.worker.terminate();
      }
      if (slots.length === 0) {
        clearTimeout(idleTimer);
      }
    },
    close: async () => {
      isClosed = true;
      clearTimeout(idleTimer);
      clearInterval(watch);
      for (const task of queue.splice(0)) {
        task.reject(new Error('The server is shutting down'));
      }
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          slot.task?.reject(new Error('The server is shutting down'));
          slot.task = null;
          clearTimeout(slot.deadline);
          await slot.worker.terminate();
        }),
      );
    },
  };
}

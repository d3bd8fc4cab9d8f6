import { Worker, type ResourceLimits } from 'node:worker_threads';

// One pool of worker threads for CPU work on untrusted input (the upload reader, the fill
// engine): a slot per worker, a queue in front, a deadline per task, workers stopped when idle and
// started again on demand, V8 heap caps per worker and an optional ceiling on the process's RSS.
// What a task is and how a worker answers stays with the pool's user.

/** Why a task ended without its worker's answer. */
export type WorkerFailure =
  | { kind: 'deadline'; deadlineMs: number }
  | { kind: 'out-of-memory'; heapMb: number }
  | { kind: 'memory-ceiling' }
  | { kind: 'crashed'; message: string }
  | { kind: 'exited' }
  | { kind: 'closed' };

type Message = { id: number };

/** What the pool's user may keep per worker (the fill pool: the templates it was sent). */
export type WorkerSlot<S> = { readonly state: S };

export type WorkerPoolOptions<Req extends Message, Res extends Message, S> = {
  size: number;
  /** The worker script, read when a worker is started. */
  workerUrl: () => URL;
  resourceLimits: ResourceLimits & { maxOldGenerationSizeMb: number };
  /** Wall-clock limit of one task; past it the worker is terminated and replaced. */
  deadlineMs: number;
  /** Workers are stopped after this long without work. */
  idleTimeoutMs: number;
  /** Process RSS above which every busy worker is terminated (off-heap buffers). */
  rssCeilingBytes?: number;
  /** A new worker's own state. */
  slotState: () => S;
  /** The error a task gets when its worker could not answer. */
  toError: (failure: WorkerFailure, request: Req) => Error;
  /** Posts a request (the default posts it as is). */
  send?: (worker: Worker, request: Req, slot: WorkerSlot<S>) => void;
  /** A message that is not yet the answer (a worker asking for more): true keeps the task open. */
  intercept?: (worker: Worker, response: Res, request: Req, slot: WorkerSlot<S>) => boolean;
};

export type WorkerPool<Req extends Message, Res extends Message> = {
  readonly size: number;
  /** Runs a request on the next free worker; `high` goes ahead of queued work. */
  run: (request: Req, priority?: 'high' | 'normal') => Promise<Res>;
  /** Stops the workers that have no task now instead of after the idle timeout. */
  releaseIdle: () => void;
  /** How many workers are running now (started on demand, stopped when idle). */
  liveWorkers: () => number;
  close: () => Promise<void>;
};

type Task<Req, Res> = {
  request: Req;
  resolve: (response: Res) => void;
  reject: (error: Error) => void;
};

type Slot<Req, Res, S> = {
  worker: Worker;
  state: S;
  task: Task<Req, Res> | null;
  deadline: NodeJS.Timeout | undefined;
};

const WATCH_INTERVAL_MS = 100;

/** A pool of worker threads; see the top of this file. */
export function createWorkerPool<Req extends Message, Res extends Message, S>(
  options: WorkerPoolOptions<Req, Res, S>,
): WorkerPool<Req, Res> {
  const { size, deadlineMs, toError } = options;
  const send = options.send ?? ((worker: Worker, request: Req) => worker.postMessage(request));
  const slots: Array<Slot<Req, Res, S>> = [];
  const queue: Array<Task<Req, Res>> = [];
  let watch: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let isClosed = false;
  let quietUntil = 0;

  /** Ends a slot's worker and fails its task; the slot is never handed another task. */
  const kill = (slot: Slot<Req, Res, S>, failure: WorkerFailure) => {
    const index = slots.indexOf(slot);
    if (index >= 0) {
      slots.splice(index, 1);
    }
    const task = slot.task;
    slot.task = null;
    clearTimeout(slot.deadline);
    task?.reject(toError(failure, task.request));
    slot.worker.removeAllListeners('exit');
    void slot.worker.terminate();
  };

  const watchMemory = () => {
    const ceiling = options.rssCeilingBytes;
    // A terminated worker's memory is released a moment later: do not blame the next task.
    if (ceiling === undefined || Date.now() < quietUntil || process.memoryUsage.rss() <= ceiling) {
      return;
    }
    quietUntil = Date.now() + 1_000;
    for (const slot of slots.filter((s) => s.task !== null)) {
      kill(slot, { kind: 'memory-ceiling' });
    }
    dispatch();
  };

  const spawn = (): Slot<Req, Res, S> => {
    const worker = new Worker(options.workerUrl(), { resourceLimits: options.resourceLimits });
    worker.unref();
    const slot: Slot<Req, Res, S> = {
      worker,
      state: options.slotState(),
      task: null,
      deadline: undefined,
    };
    worker.on('message', (response: Res) => {
      const task = slot.task;
      if (task?.request.id !== response.id) {
        return;
      }
      if (options.intercept?.(worker, response, task.request, slot)) {
        return;
      }
      clearTimeout(slot.deadline);
      slot.task = null;
      task.resolve(response);
      dispatch();
    });
    let failure: WorkerFailure = { kind: 'exited' };
    worker.on('error', (error: Error & { code?: string }) => {
      failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'out-of-memory', heapMb: options.resourceLimits.maxOldGenerationSizeMb }
          : { kind: 'crashed', message: error.message.slice(0, 200) };
    });
    worker.on('exit', () => {
      kill(slot, failure);
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
        kill(slot, { kind: 'deadline', deadlineMs });
        dispatch();
      }, deadlineMs);
      slot.deadline.unref();
      send(slot.worker, task.request, slot);
    }
    const isBusy = slots.some((s) => s.task !== null);
    if (options.rssCeilingBytes !== undefined && isBusy && watch === undefined) {
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
          slot.worker.removeAllListeners('exit');
          void slot.worker.terminate();
        }
      }, options.idleTimeoutMs);
      idleTimer.unref();
    }
  }

  return {
    size,
    run: (request, priority = 'normal') =>
      new Promise<Res>((resolve, reject) => {
        if (isClosed) {
          reject(toError({ kind: 'closed' }, request));
          return;
        }
        const task = { request, resolve, reject };
        if (priority === 'high') {
          queue.unshift(task);
        } else {
          queue.push(task);
        }
        dispatch();
      }),
    liveWorkers: () => slots.length,
    releaseIdle: () => {
      for (const slot of slots.filter((s) => s.task === null)) {
        slots.splice(slots.indexOf(slot), 1);
        slot.worker.removeAllListeners('exit');
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
        task.reject(toError({ kind: 'closed' }, task.request));
      }
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          slot.worker.removeAllListeners('exit');
          slot.task?.reject(toError({ kind: 'closed' }, slot.task.request));
          slot.task = null;
          clearTimeout(slot.deadline);
          await slot.worker.terminate();
        }),
      );
    },
  };
}

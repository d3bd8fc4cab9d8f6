import { describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerFailure } from './worker-pool.ts';

// A worker that echoes its request after `wait` ms, never answers `hang`, and throws on `crash`.
const ECHO_WORKER = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    parentPort.on('message', (request) => {
      if (request.op === 'crash') { throw new Error('engine exploded'); }
      if (request.op === 'hang') { return; }
      setTimeout(() => parentPort.postMessage({ id: request.id, op: request.op }), request.wait ?? 0);
    });
  `)}`,
);

type Request = { id: number; op: string; wait?: number };
type Response = { id: number; op: string };

class PoolError extends Error {
  readonly failure: WorkerFailure;
  constructor(failure: WorkerFailure) {
    super(failure.kind);
    this.failure = failure;
  }
}

function echoPool(size: number, deadlineMs = 5_000) {
  return createWorkerPool<Request, Response, null>({
    size,
    workerUrl: () => ECHO_WORKER,
    resourceLimits: { maxOldGenerationSizeMb: 64 },
    deadlineMs,
    idleTimeoutMs: 60_000,
    slotState: () => null,
    toError: (failure) => new PoolError(failure),
  });
}

describe('worker pool', () => {
  it('answers each request from a worker, queued work first come first served', async () => {
    const pool = echoPool(2);
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((op, index) => pool.run({ id: index, op, wait: 20 })),
    );
    expect(answers.map((answer) => answer.op)).toEqual(['a', 'b', 'c', 'd']);
    await pool.close();
  });

  it('puts high-priority work ahead of what is queued', async () => {
    const pool = echoPool(1);
    const order: string[] = [];
    const track = (promise: Promise<Response>) =>
      promise.then((answer) => {
        order.push(answer.op);
      });
    await Promise.all([
      track(pool.run({ id: 1, op: 'running', wait: 50 })),
      track(pool.run({ id: 2, op: 'queued' })),
      track(pool.run({ id: 3, op: 'urgent' }, 'high')),
    ]);
    expect(order).toEqual(['running', 'urgent', 'queued']);
    await pool.close();
  });

  it('ends a task past its deadline and serves the next one on a fresh worker', async () => {
    // Long enough for a fresh worker to start on a loaded machine.
    const pool = echoPool(1, 2_000);
    const hung = pool.run({ id: 1, op: 'hang' });
    const next = pool.run({ id: 2, op: 'after' });
    await expect(hung).rejects.toMatchObject({ failure: { kind: 'deadline', deadlineMs: 2_000 } });
    await expect(next).resolves.toEqual({ id: 2, op: 'after' });
    await pool.close();
  });

  it('fails only the task whose worker crashed', async () => {
    const pool = echoPool(1);
    await expect(pool.run({ id: 1, op: 'crash' })).rejects.toMatchObject({
      failure: { kind: 'crashed', message: 'engine exploded' },
    });
    await expect(pool.run({ id: 2, op: 'fine' })).resolves.toEqual({ id: 2, op: 'fine' });
    await pool.close();
  });

  it('refuses work once closed and fails what was waiting', async () => {
    const pool = echoPool(1);
    const running = pool.run({ id: 1, op: 'hang' });
    const waiting = pool.run({ id: 2, op: 'later' });
    const failed = Promise.all([
      expect(running).rejects.toMatchObject({ failure: { kind: 'closed' } }),
      expect(waiting).rejects.toMatchObject({ failure: { kind: 'closed' } }),
    ]);
    await pool.close();
    await failed;
    await expect(pool.run({ id: 3, op: 'too late' })).rejects.toMatchObject({
      failure: { kind: 'closed' },
    });
  });
});

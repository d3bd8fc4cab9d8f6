// CPU time of short calls, summed over a batch. The CPU clocks advance in steps (on the shared
// 2-core machine under load a ~1 ms fill read as 0.0 or 4.0 ms of thread CPU), so one call's
// reading, and a median of such readings, can be either; summed over ~100 ms of calls the step
// is a few per cent.
// Not a benchmark itself (run.ts runs only *.bench.ts).

/** Per-call figures of a batch, in ms: this thread's CPU, the process's CPU (GC and compiler helper threads too), wall. */
export type BatchFigures = { calls: number; thread: number; process: number; wall: number };

/**
 * Calls `run` for at least `ms` of wall time and `min` calls, so what is timed next runs
 * compiled code with warm caches (V8 keeps optimising for the first few hundred ms).
 */
export async function warmUp(run: (call: number) => Promise<unknown>, ms: number, min = 3) {
  const started = performance.now();
  for (let call = 0; call < min || performance.now() - started < ms; call += 1) {
    await run(call);
  }
}

/**
 * How many calls of `run` make about `targetMs` of CPU: calls until 20 ms of wall time have
 * passed (wall time is precise where CPU time is not), then scaled. At least `min` calls.
 */
export async function callsFor(
  run: (call: number) => Promise<unknown>,
  targetMs: number,
  min = 1,
): Promise<number> {
  const started = performance.now();
  let calls = 0;
  while (calls < min || performance.now() - started < 20) {
    await run(calls);
    calls += 1;
  }
  const perCall = (performance.now() - started) / calls;
  return Math.max(min, Math.ceil(targetMs / perCall));
}

/** Runs `run` `calls` times and returns the per-call thread CPU, process CPU and wall time. */
export async function timeBatch(
  run: (call: number) => Promise<unknown>,
  calls: number,
): Promise<BatchFigures> {
  const thread = process.threadCpuUsage();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let call = 0; call < calls; call += 1) {
    await run(call);
  }
  const wall = performance.now() - started;
  const usedThread = process.threadCpuUsage(thread);
  const usedProcess = process.cpuUsage(cpu);
  return {
    calls,
    thread: (usedThread.user + usedThread.system) / 1000 / calls,
    process: (usedProcess.user + usedProcess.system) / 1000 / calls,
    wall: wall / calls,
  };
}

/** Several batches (rounds) of one measurement pooled: total time over total calls. */
export function pooled(batches: readonly BatchFigures[]): BatchFigures {
  const calls = batches.reduce((sum, batch) => sum + batch.calls, 0);
  const total = (key: 'thread' | 'process' | 'wall') =>
    batches.reduce((sum, batch) => sum + batch[key] * batch.calls, 0) / calls;
  return { calls, thread: total('thread'), process: total('process'), wall: total('wall') };
}

/** `low–high` of one figure over the rounds, to show how much the machine moved. */
export function spread(batches: readonly BatchFigures[], key: 'thread' | 'process' | 'wall') {
  const values = batches.map((batch) => batch[key]);
  const digits = Math.max(...values) < 10 ? 2 : 1;
  return `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
}

export function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

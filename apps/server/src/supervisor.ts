// `npm start` runs the server as a child of this small supervisor: if the server process still
// dies (out of memory, a native crash, an error the process guards could not absorb), it is
// started again after a back-off, and the reason is logged. A configuration error exits with
// CONFIG_ERROR_EXIT_CODE and is not retried: restarting cannot fix it.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverEnvironment } from './node-flags.ts';
import { serverEntry } from './server-bundle.ts';

/** Exit code of the server for a configuration it cannot start with (EX_CONFIG, sysexits.h). */
export const CONFIG_ERROR_EXIT_CODE = 78;

export type SuperviseOptions = {
  /** Script the child runs; by default the server's bundle when current, else server.ts. */
  entry?: string;
  /** First restart delay; doubles on each quick crash up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A child that ran this long before dying counts as healthy: the back-off starts over. */
  healthyAfterMs?: number;
  log?: (line: string) => void;
};

/** Starts the server in a child process and keeps it running; resolves with the final exit code. */
export function superviseServer(options: SuperviseOptions = {}): Promise<number> {
  const initialDelayMs = options.initialDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const healthyAfterMs = options.healthyAfterMs ?? 60_000;
  const log =
    options.log ??
    ((line: string) => console.error(`[supervisor] ${new Date().toISOString()} ${line}`));
  let delayMs = initialDelayMs;
  let stopSignal: NodeJS.Signals | null = null;
  let child: ReturnType<typeof spawn> | null = null;
  let restartTimer: NodeJS.Timeout | undefined;

  return new Promise<number>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      stopSignal = signal;
      clearTimeout(restartTimer);
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
      } else {
        finish(0);
      }
    };
    const finish = (code: number) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      resolve(code);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);

    const start = () => {
      const startedAt = Date.now();
      // Chosen at each start: a bundle made while the first child ran is used after a restart.
      const entry = options.entry ?? serverEntry();
      // The IPC channel is the child's lifeline: it closes when this process ends in any way
      // (SIGKILL included), and the server then shuts down instead of holding the port.
      child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        env: serverEnvironment(),
      });
      child.on('exit', (code, signal) => {
        child = null;
        if (stopSignal !== null) {
          finish(code ?? 0);
          return;
        }
        if (code === 0) {
          finish(0);
          return;
        }
        if (code === CONFIG_ERROR_EXIT_CODE) {
          log(`server stopped: configuration error (exit ${code}); not restarting`);
          finish(code);
          return;
        }
        if (Date.now() - startedAt >= healthyAfterMs) {
          delayMs = initialDelayMs;
        }
        const why = signal ? `signal ${signal}` : `exit code ${code}`;
        log(`server died (${why}); restarting in ${(delayMs / 1000).toFixed(1)} s`);
        restartTimer = setTimeout(start, delayMs);
        delayMs = Math.min(delayMs * 2, maxDelayMs);
      });
    };
    start();
  });
}

/**
 * In the server: calls `stop` when the supervising process is gone (its IPC channel closed), so a
 * supervisor killed with SIGKILL leaves no orphan holding the port. No-op when unsupervised.
 */
export function stopWithSupervisor(stop: () => void): void {
  if (process.send) {
    process.once('disconnect', stop);
  }
}

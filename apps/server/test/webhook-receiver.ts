import { spawn } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import readline from 'node:readline';

export type ReceivedHook = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
};

export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request so far, in arrival order (optionally only those to a path). */
  received: (pathPrefix?: string) => Promise<ReceivedHook[]>;
  /** Polls `received` until `done` holds; rejects after `timeoutMs`. */
  waitFor: (
    done: (hooks: ReceivedHook[]) => boolean,
    pathPrefix?: string,
    timeoutMs?: number,
  ) => Promise<ReceivedHook[]>;
  close: () => Promise<void>;
};

const PROCESS_ENTRY = path.resolve(import.meta.dirname, 'webhook-receiver-process.ts');

/** A real webhook receiver in a process of its own, on an ephemeral loopback port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const child = spawn(process.execPath, [PROCESS_ENTRY], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code} before starting`)));
    readline
      .createInterface({ input: child.stdout })
      .once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  child.unref();
  for (const stream of [child.stdin, child.stdout]) {
    (stream as unknown as { unref?: () => void }).unref?.();
  }
  const url = `http://127.0.0.1:${port}`;
  const received = async (pathPrefix = '/') => {
    const all = (await (await fetch(`${url}/__received`)).json()) as ReceivedHook[];
    return all.filter((hook) => hook.path.startsWith(pathPrefix));
  };
  return {
    url,
    received,
    waitFor: async (done, pathPrefix, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hooks = await received(pathPrefix);
        if (done(hooks)) {
          return hooks;
        }
        if (Date.now() > deadline) {
          throw new Error(`receiver: condition not met in ${timeoutMs} ms (${hooks.length} got)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

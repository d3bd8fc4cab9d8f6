// The real server in a child process, as `npm start` runs it, for the hostile-input suite and
// `npm run fuzz`: it can die without taking the test with it, and its RSS is its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../src/node-flags.ts';
import { freePort } from '../process-helpers.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  token: string;
  /** Resident set size now and the peak so far (VmHWM), in bytes. */
  memory: () => { rss: number; peak: number };
  /** Uploads `bytes` as a template; status, parsed body and milliseconds taken. */
  upload: (bytes: Uint8Array, name?: string) => Promise<UploadResult>;
  stop: () => Promise<void>;
};

export type UploadResult = {
  status: number;
  body: { detail?: unknown; code?: string };
  ms: number;
};

function statusKb(pid: number, key: string): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

/** Starts the server on a fresh SQLite data directory and signs up one user. */
export async function startServerProcess(): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-hostile-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        break;
      }
    } catch {
      if (tries > 300 || child.exitCode !== null) {
        throw new Error('the server did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const credentials = { email: `hostile-${port}@example.com`, password: 'hostile-password-1' };
  await fetch(`${baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: credentials.email, password: credentials.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const pid = child.pid ?? 0;
  return {
    baseUrl,
    child,
    token,
    memory: () => ({ rss: statusKb(pid, 'VmRSS'), peak: statusKb(pid, 'VmHWM') }),
    upload: async (bytes, name = 'hostile') => {
      const form = new FormData();
      form.append('name', name);
      form.append('pdf_file', new Blob([bytes], { type: 'application/pdf' }), 'hostile.pdf');
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/pdf-templates/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await response.json()) as UploadResult['body'];
      return { status: response.status, body, ms: performance.now() - started };
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Probes /api/health every `intervalMs` until stopped; the slowest answer and failures. */
export function startHealthProbe(baseUrl: string, intervalMs = 200) {
  const latencies: number[] = [];
  let failures = 0;
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/health`, {
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) {
          failures++;
        }
        await response.arrayBuffer();
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    stop: async () => {
      isRunning = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: latencies.length,
        failures,
        maxMs: sorted.at(-1) ?? 0,
        p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
        over1s: latencies.filter((ms) => ms > 1000).length,
      };
    },
  };
}

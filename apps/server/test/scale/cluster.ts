import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startLocalS3, type LocalS3 } from '../s3-server.ts';
import { freePort } from '../process-helpers.ts';

// Real parts on loopback for the scale test: a fresh PostgreSQL database, an S3-compatible
// server (s3rver), app instances as separate `node src/server.ts` processes, and nginx in front
// of the web ones, run as the current user with a throw-away config.

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src/server.ts');

export type Instance = {
  name: string;
  role: 'all' | 'web' | 'worker';
  port: number;
  process: ChildProcess;
  exited: Promise<number | null>;
};

export type Cluster = {
  dir: string;
  databaseUrl: string;
  s3: LocalS3;
  instances: Instance[];
  /** The balancer's base URL (nginx over the web-serving instances). */
  baseUrl: string;
  start: (
    name: string,
    role: Instance['role'],
    extraEnv?: Record<string, string>,
  ) => Promise<Instance>;
  /** Puts nginx in front of the instances serving HTTP (reloads when it already runs). */
  balance: () => Promise<void>;
  stopInstances: () => Promise<void>;
  close: () => Promise<void>;
};

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate)) {
      return candidate;
    }
  }
  throw new Error('nginx is not installed (Debian: apt-get install nginx)');
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const servers = upstreams.map(
    (upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`,
  );
  return `pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  # Bodies and responses stay in memory: started by root, nginx's workers run as nobody and
  # could not write temp files into this user's private folder.
  client_body_buffer_size 20m;
  proxy_max_temp_file_size 0;
  upstream formbridge {
${servers.join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://formbridge;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # Server-sent events: pass each event through as it comes.
      proxy_buffering off;
      proxy_read_timeout 120s;
      # A dead instance's requests go to the next one.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/** An instance's peak resident memory in MB so far (Linux VmHWM); undefined once it is gone. */
export function peakRssMb(instance: Instance): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${instance.process.pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Starts PostgreSQL database, s3rver and nginx; instances are started by the caller. */
export async function startCluster(adminUrl: string): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-scale-'));
  const database = `fb_scale_${crypto.randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const s3 = await startLocalS3();
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const nginxPort = await freePort();
  const instances: Instance[] = [];
  let nginxRunning = false;
  const nginx = nginxBinary();
  const confPath = path.join(dir, 'nginx.conf');

  const start = async (
    name: string,
    role: Instance['role'],
    extraEnv: Record<string, string> = {},
  ) => {
    const port = await freePort();
    const dataDir = path.join(dir, name);
    const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        JWT_SECRET: jwtSecret,
        ROLE: role,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dir, 'no-web'),
        STORAGE: 's3',
        S3_BUCKET: s3.options.bucket,
        S3_ENDPOINT: s3.options.endpoint ?? '',
        S3_ACCESS_KEY_ID: s3.options.accessKeyId ?? '',
        S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey ?? '',
        MAIL_LIMIT_MESSAGES_PER_DAY: '100000',
        ...extraEnv,
      },
      stdio: ['ignore', log, log],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const instance: Instance = { name, role, port, process: child, exited };
    instances.push(instance);
    if (role !== 'worker') {
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
    }
    return instance;
  };

  const balance = async () => {
    const live = instances.filter((one) => one.role !== 'worker' && one.process.exitCode === null);
    fs.writeFileSync(
      confPath,
      nginxConfig(
        dir,
        nginxPort,
        live.map((one) => one.port),
      ),
    );
    const args = ['-p', dir, '-c', confPath];
    const result = nginxRunning
      ? spawnSync(nginx, [...args, '-s', 'reload'])
      : spawnSync(nginx, [...args, '-g', 'daemon on;']);
    if (result.status !== 0) {
      throw new Error(`nginx failed: ${result.stderr.toString()}`);
    }
    nginxRunning = true;
    await waitForHttp(`http://127.0.0.1:${nginxPort}/api/health`, 20_000);
  };

  const stopInstances = async () => {
    for (const instance of instances.splice(0)) {
      if (instance.process.exitCode === null && instance.process.signalCode === null) {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }
    }
  };

  return {
    dir,
    databaseUrl,
    s3,
    instances,
    baseUrl: `http://127.0.0.1:${nginxPort}`,
    start,
    balance,
    stopInstances,
    close: async () => {
      await stopInstances();
      if (nginxRunning) {
        spawnSync(nginx, ['-p', dir, '-c', confPath, '-s', 'quit']);
      }
      await s3.close();
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
      );
      if (!process.env.SCALE_KEEP) {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

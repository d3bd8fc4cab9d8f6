import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './process-helpers.ts';
import type { JobResponse } from '@formbridge/contract/jobs';
import {
  createClient,
  setUpGeneration,
} from '../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { createUser, startTestApp, type TestApp } from './harness.ts';

// The reverse proxy of docs/deploy.md, copied from the page itself, in front of the app: Debian's
// nginx with TLS (a throw-away self-signed certificate), run as this user on its own port.
const DEPLOY_DOC = path.resolve(import.meta.dirname, '../../../docs/deploy.md');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/** The ```nginx blocks of deploy.md: the log format (http context), then the site. */
function documentedConfig(): { logConf: string; site: string } {
  const blocks = [...fs.readFileSync(DEPLOY_DOC, 'utf8').matchAll(/```nginx\n([\s\S]*?)```/g)];
  const [logConf, site] = blocks.map((match) => match[1] ?? '');
  if (!logConf || !site) {
    throw new Error('docs/deploy.md has lost its two nginx blocks');
  }
  // The TLS server only (the port-80 redirect needs port 80).
  const first = site.indexOf('server {');
  const tlsServer = site.slice(0, site.indexOf('\nserver {', first + 1));
  return { logConf, site: tlsServer };
}

/** Replaces `from` in `text`, failing loudly when the documented config no longer has it. */
function swap(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  if (changed === text) {
    throw new Error(`deploy.md's nginx config no longer contains ${String(from)}`);
  }
  return changed;
}

type Answer = { status: number; headers: Record<string, unknown>; body: string };

describe.skipIf(!NGINX)('through the documented nginx (TLS, Debian 1.22)', () => {
  let t: TestApp;
  let dir: string;
  let port: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-nginx-'));
    // Started as root, nginx's workers run as nobody: they must reach the log and temp folders.
    fs.chmodSync(dir, 0o755);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    // The proxy's address is trusted, as deploy.md says.
    t = await startTestApp('sqlite', { trustProxy: ['127.0.0.1'] });
    port = await freePort();
    const { logConf, site } = documentedConfig();
    let server = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`);
    server = swap(server, /http:\/\/127\.0\.0\.1:8000/g, t.baseUrl);
    server = swap(server, /\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/, `${dir}/cert.pem`);
    server = swap(server, /\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/, `${dir}/key.pem`);
    server = swap(server, '/var/log/nginx/formbridge.access.log', `${dir}/access.log`);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Bodies stay in memory: the workers could not write temp files into this private folder.
  client_body_buffer_size 16m;
${logConf}
${server}
}
`,
    );
    const started = spawnSync(NGINX ?? 'nginx', ['-p', dir, '-c', `${dir}/nginx.conf`]);
    if (started.status !== 0) {
      throw new Error(`nginx did not start: ${started.stderr.toString()}`);
    }
  });

  afterAll(async () => {
    if (fs.existsSync(`${dir}/nginx.pid`)) {
      spawnSync(NGINX ?? 'nginx', ['-p', dir, '-c', `${dir}/nginx.conf`, '-s', 'quit']);
    }
    await t?.close();
  });

  /** One HTTPS request through nginx from a chosen loopback address (a distinct client). */
  function send(
    method: string,
    url: string,
    options: { body?: Buffer | string; headers?: Record<string, string>; from?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method,
          rejectUnauthorized: false,
          localAddress: options.from ?? '127.0.0.1',
          headers: {
            ...options.headers,
            ...(options.body ? { 'content-length': Buffer.byteLength(options.body) } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
  }

  function upload(token: string, fileBytes: number): Promise<Answer> {
    const boundary = 'nginx-journey-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
      ),
      Buffer.alloc(fileBytes, 0x20),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return send('POST', '/api/v1/pdf-templates/', {
      body,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  }

  const TOO_LARGE = { detail: 'The file is larger than the 10MB limit (10485760 bytes)' };

  it("answers uploads over the limit with the app's JSON 413, never a 502", async () => {
    const user = await createUser(t);
    for (const megabytes of [10.5, 11.5, 14]) {
      const answer = await upload(user.token, Math.round(megabytes * 1024 * 1024));
      expect(answer.status, `${megabytes} MB: ${answer.body.slice(0, 200)}`).toBe(413);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    }
  });

  it('throttles failed sign-ins per client address: an attacker does not lock out the owner', async () => {
    const owner = await createUser(t);
    const login = (password: string, from: string) =>
      send('POST', '/api/v1/auth/login', {
        from,
        body: new URLSearchParams({ username: owner.email, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const attempts: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      attempts.push((await login('wrong password', '127.0.0.2')).status);
    }
    expect(attempts.at(-1)).toBe(429);
    expect((await login(owner.password, '127.0.0.3')).status).toBe(200);
  });

  it('sends HSTS and keeps tokens out of the access log', async () => {
    const answer = await send('GET', '/reset-password?token=reset-secret-123');
    expect(answer.headers['strict-transport-security']).toBe('max-age=63072000');
    await send('GET', '/public-form/link-secret-456');
    await send('GET', '/api/v1/files/abc?expires=1&signature=signed-secret-789');
    // nginx writes its log lines as each request ends.
    const log = fs.readFileSync(`${dir}/access.log`, 'utf8');
    expect(log).toContain('"GET /reset-password HTTP/');
    expect(log).toContain('"GET /public-form/[redacted] HTTP/');
    for (const secret of ['reset-secret-123', 'link-secret-456', 'signed-secret-789']) {
      expect(log).not.toContain(secret);
    }
  });

  it('streams job progress through the proxy as it happens, not in one piece at the end', async () => {
    const user = await createUser(t);
    const setup = await setUpGeneration(t, user);
    const recordIds: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      recordIds.push((await createClient(t, user, setup, { first_name: `S${index}` })).id);
    }
    const started = await t.request(
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { token: user.token, json: { record_ids: recordIds } },
    );
    expect(started.status).toBe(202);
    const { job } = started.body as JobResponse;
    // When each event arrives through nginx: buffered, they would all come with the last one.
    const arrivals = await new Promise<Array<{ at: number; event: string }>>((resolve, reject) => {
      const seen: Array<{ at: number; event: string }> = [];
      https
        .get(
          { host: '127.0.0.1', port, path: job.events_url, rejectUnauthorized: false },
          (response) => {
            expect(response.headers['content-type']).toMatch(/text\/event-stream/);
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              for (const match of chunk.matchAll(/^event: (\w+)$/gm)) {
                seen.push({ at: Date.now(), event: match[1] ?? '' });
              }
            });
            response.on('end', () => resolve(seen));
          },
        )
        .on('error', reject);
    });
    expect(arrivals.at(-1)?.event).toBe('end');
    const progress = arrivals.filter((arrival) => arrival.event === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const first = progress[0]!.at;
    const end = arrivals.at(-1)!.at;
    expect(end - first, 'the first progress event came well before the end').toBeGreaterThan(200);
  });
});

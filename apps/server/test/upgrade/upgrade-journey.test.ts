import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../process-helpers.ts';

// `npm run test:upgrade` (run by .ci/run): an office's upgrade as docs/deploy.md describes it.
// The previous release (the newest tag before HEAD) is installed by root into a checkout the
// service user cannot write, run as that unprivileged user with data, stopped; then root checks
// out HEAD and runs `npm ci` — and, unlike the deploy guide, not `npm run build`: the start must
// cope with a stale web build without writing into the checkout. The same data must serve.
const REPO = path.resolve(import.meta.dirname, '../../../..');
const SERVICE_USER = 'formbridge-upgrade';
const FIXTURE = path.join(REPO, 'apps/server/test/fixtures/pdf/pdf/sf_libreoffice-form.pdf');
const isRoot = process.getuid?.() === 0;

function sh(command: string, args: string[], cwd?: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function previousTag(): string | undefined {
  const tags = sh('git', ['tag', '--merged', 'HEAD', '--sort=-creatordate'], REPO)
    .split('\n')
    .filter((tag) => /^v\d+\.\d+\.\d+$/.test(tag));
  const head = sh('git', ['rev-parse', 'HEAD'], REPO).trim();
  return tags.find((tag) => sh('git', ['rev-list', '-n', '1', tag], REPO).trim() !== head);
}

const tag = process.env.UPGRADE_JOURNEY === '1' && isRoot ? previousTag() : undefined;

describe.skipIf(!tag)(`upgrade from ${tag ?? 'the previous release'} to HEAD`, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-upgrade-'));
  const checkout = path.join(root, 'formbridge');
  const dataDir = path.join(root, 'data');
  const home = path.join(root, 'home');
  // This Node 24 may sit in root's home, which the service user cannot enter: a system-wide copy.
  const nodeBin = path.join(root, 'node-bin');
  let server: ChildProcess | undefined;
  let log = '';

  afterAll(async () => {
    await stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function start(port: number): Promise<string> {
    log = '';
    const env = {
      PATH: `${nodeBin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      npm_config_cache: path.join(home, '.npm'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_SIGNUP: 'true',
    };
    const node = path.join(nodeBin, 'node');
    server = spawn('runuser', ['-u', SERVICE_USER, '--', node, 'scripts/start.ts'], {
      cwd: checkout,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (server.exitCode !== null) {
        throw new Error(`the server exited (${server.exitCode}):\n${log}`);
      }
      try {
        if ((await fetch(`${base}/api/health`)).ok) {
          return base;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the server did not start:\n${log}`);
  }

  async function stop(): Promise<void> {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    server = undefined;
  }

  async function signIn(base: string, email: string, password: string): Promise<string> {
    const response = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password }).toString(),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** A JSON POST, signed in when a token is given. */
  const json = (token: string | null, body: unknown) => ({
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

  // Two `npm ci`, a web build at each version and two starts: minutes, not seconds.
  it(
    'keeps every account, template and record, and serves the new web app',
    { timeout: 30 * 60_000 },
    async () => {
      // Install the previous release as root; the service user owns only its data.
      try {
        sh('id', [SERVICE_USER]);
      } catch {
        sh('useradd', [
          '--system',
          '--no-create-home',
          '--shell',
          '/usr/sbin/nologin',
          SERVICE_USER,
        ]);
      }
      fs.chmodSync(root, 0o755);
      fs.mkdirSync(nodeBin);
      fs.copyFileSync(process.execPath, path.join(nodeBin, 'node'));
      fs.chmodSync(path.join(nodeBin, 'node'), 0o755);
      sh('git', ['clone', '--quiet', '--branch', tag!, REPO, checkout]);
      sh('npm', ['ci', '--no-audit', '--no-fund'], checkout);
      sh('npm', ['run', 'build'], checkout);
      for (const dir of [dataDir, home]) {
        fs.mkdirSync(dir, { mode: 0o700 });
        sh('chown', [SERVICE_USER, dir]);
      }

      const port = await freePort();
      let base = await start(port);
      const email = 'office@example.com';
      const password = 'upgrade password 1';
      const signup = await fetch(`${base}/api/v1/auth/signup`, {
        ...json(null, { email, password }),
      });
      expect(signup.status).toBe(201);
      let token = await signIn(base, email, password);
      const pdf = fs.readFileSync(FIXTURE);
      const form = new FormData();
      form.append('name', 'Intake');
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'intake.pdf');
      const upload = await fetch(`${base}/api/v1/pdf-templates/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const template = (await upload.json()) as { id: string };
      const table = (await (
        await fetch(
          `${base}/api/v1/dynamic-tables/`,
          json(token, {
            name: 'Clients',
            fields: [{ name: 'first_name', type: 'string', required: true }],
          }),
        )
      ).json()) as { id: string };
      const record = await fetch(
        `${base}/api/v1/dynamic-tables/${table.id}/records`,
        json(token, { data: { first_name: 'Ada' } }),
      );
      expect(record.status).toBe(201);
      await stop();

      // The upgrade, as root: the new release's sources and dependencies, no web build.
      sh('git', ['fetch', '--quiet', REPO, 'HEAD'], checkout);
      sh('git', ['checkout', '--quiet', 'FETCH_HEAD'], checkout);
      sh('npm', ['ci', '--no-audit', '--no-fund'], checkout);
      const before = sh('git', ['status', '--porcelain', '--ignored'], checkout);

      base = await start(port);
      expect(log).toMatch(/building apps\/web into .*web-dist/);
      // Nothing was written into the checkout by the start (the service user could not anyway).
      expect(sh('git', ['status', '--porcelain', '--ignored'], checkout)).toBe(before);
      token = await signIn(base, email, password);
      const file = await fetch(`${base}/api/v1/pdf-templates/${template.id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      const records = await fetch(`${base}/api/v1/dynamic-tables/${table.id}/records`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(JSON.stringify(await records.json())).toContain('Ada');
      // Workspaces (issue 31): the account's items are in its personal workspace, whose id is
      // the account's, and it is that workspace's Owner.
      const me = (await (
        await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { id: string };
      const workspaces = await fetch(`${base}/api/v1/workspaces`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await workspaces.json()).toEqual({
        workspaces: [{ id: me.id, name: 'Personal', role: 'owner', personal: true }],
      });
      const inPersonal = await fetch(`${base}/api/v1/dynamic-tables/${table.id}`, {
        headers: { authorization: `Bearer ${token}`, 'x-workspace-id': me.id },
      });
      expect(inPersonal.status).toBe(200);
      const page = await fetch(`${base}/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    },
  );
});

import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../test/corpus.ts';
import { SERVER_BUNDLE, currentServerBundle, serverEntry } from './server-bundle.ts';

/** Starts `entry` on a free port with a fresh data folder; resolves with its address. */
function startServer(entry: string, dataDir: string) {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { address, stop };
}

describe('server bundle', () => {
  it('is made from the current sources and serves the API as server.ts does', async () => {
    execFileSync(process.execPath, [SERVER_BUNDLE.builder]);
    const entry = currentServerBundle();
    expect(entry?.endsWith('.mjs')).toBe(true);
    expect(serverEntry()).toBe(entry);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-bundle-server-'));
    const server = startServer(entry ?? '', dataDir);
    try {
      const base = await server.address;
      const json = { 'content-type': 'application/json' };
      const credentials = { email: 'bundle@example.com', password: 'correct horse battery' };
      const signup = await fetch(`${base}/api/v1/auth/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(credentials),
      });
      expect(signup.status).toBe(201);
      const invalid = await fetch(`${base}/api/v1/auth/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'not an address' }),
      });
      expect(invalid.status).toBe(422);
      expect(Array.isArray(((await invalid.json()) as { detail: unknown }).detail)).toBe(true);

      // An upload is read by the PDF sandbox worker, whose script the bundle finds beside the
      // sources: the fields come back as from server.ts.
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: credentials.email, password: credentials.password }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const form = new FormData();
      form.append('name', 'Bundled');
      const pdf = fs.readFileSync(path.join(FIXTURE_DIR, 'pdf', 'qpdf_field-types.pdf'));
      form.append('pdf_file', new Blob([pdf], { type: 'application/pdf' }), 'form.pdf');
      const upload = await fetch(`${base}/api/v1/pdf-templates/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const template = (await upload.json()) as { field_data: Record<string, unknown> };
      expect(Object.keys(template.field_data).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is made once when several starts make it at the same moment', async () => {
    const run = promisify(execFile);
    const builds = await Promise.allSettled(
      Array.from({ length: 3 }, () => run(process.execPath, [SERVER_BUNDLE.builder])),
    );
    expect(builds.map((build) => build.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const entry = currentServerBundle();
    expect(entry).not.toBeNull();
    expect(fs.readdirSync(SERVER_BUNDLE.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});

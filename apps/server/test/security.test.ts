import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplate } from './factories.ts';
import { createUser, startTestApp, type TestApp } from './harness.ts';

describe('security headers, log redaction and file modes', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      'sqlite',
      // File modes are a local-disk matter: this suite runs on the disk even under TEST_STORAGE=s3.
      { logLevel: 'info', storage: { kind: 'local' } },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('sends CSP, frame-ancestors, referrer policy and nosniff', async () => {
    const response = await fetch(`${t.baseUrl}/api/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval;');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('never writes a signed URL signature to the log', async () => {
    const user = await createUser(t);
    const template = await createTemplate(t, user);
    const signature = new URL(template.file_path, t.baseUrl).searchParams.get('signature') ?? '';
    expect(signature.length).toBeGreaterThan(10);
    const download = await fetch(t.baseUrl + template.file_path);
    expect(download.status).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('signature=[redacted]');
    expect(log).not.toContain(signature);
  });

  it('never writes an invitation token from a register link to the log', async () => {
    const token = 'invitation-token-that-signs-someone-up';
    await fetch(`${t.baseUrl}/register?invite=${token}`);
    const log = logLines.join('');
    expect(log).toContain('/register?invite=[redacted]');
    expect(log).not.toContain(token);
  });

  it('keeps DATA_DIR owner-only: directory 0700, database and stored files 0600', async () => {
    const user = await createUser(t);
    await createTemplate(t, user);
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(t.dataDir)).toBe(0o700);
    expect(mode(path.join(t.dataDir, 'formbridge.sqlite'))).toBe(0o600);
    expect(mode(path.join(t.dataDir, 'jwt-secret'))).toBe(0o600);
    const stored = fs
      .readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.pdf'));
    expect(stored.length).toBeGreaterThan(0);
    for (const entry of stored) {
      expect(mode(path.join(entry.parentPath, entry.name)), entry.name).toBe(0o600);
    }
  });
});

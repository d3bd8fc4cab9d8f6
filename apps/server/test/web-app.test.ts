import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

describe('the web app served by the real server', () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-web-'));
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  let t: TestApp;

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Formbridge</title>');
    t = await startTestApp('sqlite', { webDist });
    process.on('warning', onWarning);
  });

  afterAll(async () => {
    process.off('warning', onWarning);
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers client routes with index.html and unknown API paths with a 404 detail', async () => {
    const page = await fetch(`${t.baseUrl}/tables/123`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Formbridge</title>');

    const api = await fetch(`${t.baseUrl}/api/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not Found' });
  });

  it('serves client routes without piling listeners on the response', async () => {
    for (let i = 0; i < 3; i += 1) {
      await (await fetch(`${t.baseUrl}/login`)).text();
    }
    // Node emits the warning on a later tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { isLocalProxyAddress } from './proxy-trust-warning.ts';

describe('the TRUST_PROXY warning', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(trustProxy: string[] | undefined) {
    const lines: string[] = [];
    t = await startTestApp(
      'sqlite',
      { logLevel: 'warn', ...(trustProxy ? { trustProxy } : {}) },
      { logStream: { write: (line) => lines.push(line) } },
    );
    return lines;
  }
  const warnings = (lines: string[]) => lines.filter((line) => line.includes('TRUST_PROXY'));
  const settings = () =>
    t!.request('GET', '/api/v1/auth/settings', { headers: { 'x-forwarded-for': '203.0.113.7' } });

  it('warns once, naming the setting, when a local proxy forwards while it is off', async () => {
    const lines = await start(undefined);
    await t!.request('GET', '/api/v1/auth/settings');
    expect(warnings(lines)).toEqual([]);
    await settings();
    await settings();
    expect(warnings(lines)).toHaveLength(1);
    const [line] = warnings(lines);
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 40,
      proxyAddress: '127.0.0.1',
      msg: expect.stringContaining('Set TRUST_PROXY=127.0.0.1'),
    });
  });

  it('stays quiet when TRUST_PROXY names the proxy', async () => {
    const lines = await start(['127.0.0.1']);
    await settings();
    expect(warnings(lines)).toEqual([]);
  });

  it('takes loopback and private addresses for a proxy, public ones not', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:10.1.2.3', '172.20.0.5', '192.168.1.1']) {
      expect(isLocalProxyAddress(address), address).toBe(true);
    }
    for (const address of ['203.0.113.7', '8.8.8.8', '2001:db8::1', 'nonsense']) {
      expect(isLocalProxyAddress(address), address).toBe(false);
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { migrateToLatest } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';

describe('migrations at start', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('logs every migration it applies by name, and none once the database is current', async () => {
    const lines: string[] = [];
    t = await startTestApp(
      'sqlite',
      { logLevel: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    const logged = lines
      .map((line) => JSON.parse(line) as { msg?: string; migrations?: string[] })
      .filter((entry) => entry.migrations);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.migrations).toEqual(Object.keys(MIGRATIONS).sort());
    expect(logged[0]?.msg).toBe(`Applied ${Object.keys(MIGRATIONS).length} database migration(s)`);
    expect(await migrateToLatest(t.ctx.db)).toEqual([]);
  });
});

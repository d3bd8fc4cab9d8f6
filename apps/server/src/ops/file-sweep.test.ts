import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { createTemplate } from '../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  storedKeys,
  type TestApp,
} from '../../test/harness.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.ts';
import { sweepOrphanFiles } from './file-sweep.ts';

const HOUR = 60 * 60 * 1000;
const STORES = ['local', 's3'] as const;

describe.each(DIALECTS.flatMap((dialect) => STORES.map((store) => [dialect, store] as const)))(
  'file sweep on %s with %s storage',
  (dialect, store) => {
    let s3: LocalS3 | undefined;
    let t: TestApp;
    beforeAll(async () => {
      let storage: Config['storage'] = { kind: 'local' };
      if (store === 's3') {
        s3 = await startLocalS3();
        storage = { kind: 's3', ...s3.options, prefix: 'sweep/' };
      }
      t = await startTestApp(dialect, { storage });
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    it('removes old files no row owns and keeps owned, young and unknown ones', async () => {
      const user = await createUser(t);
      const template = await createTemplate(t, user);
      const job = await t.ctx.db.selectFrom('jobs').select('id').executeTakeFirst();
      const storage = t.ctx.storage;
      const orphans = ['templates/orphan.pdf', 'record-files/orphan', 'completed-forms/o.pdf'];
      for (const key of [...orphans, 'jobs/no-such-job/forms.zip', 'elsewhere/keep.bin']) {
        await storage.put(key, new Uint8Array([1, 2, 3]));
      }
      const [owned] = await storedKeys(t, 'templates/').then((keys) =>
        keys.filter((key) => !orphans.includes(key)),
      );
      expect(owned).toBeDefined();
      expect(job).toBeUndefined();

      // Within the grace period nothing goes: it may be an upload about to commit.
      expect(await sweepOrphanFiles(t.ctx.db, storage, { graceMs: HOUR })).toBe(0);

      const later = Date.now() + 2 * HOUR;
      expect(await sweepOrphanFiles(t.ctx.db, storage, { graceMs: HOUR, now: later })).toBe(4);
      expect(await storedKeys(t, 'templates/')).toEqual([owned]);
      expect(await storedKeys(t, 'record-files/')).toEqual([]);
      expect(await storedKeys(t, 'completed-forms/')).toEqual([]);
      expect(await storedKeys(t, 'jobs/')).toEqual([]);
      expect(await storedKeys(t, 'elsewhere/')).toEqual(['elsewhere/keep.bin']);
      // The template still downloads: the sweep never touches a file a row names.
      const file = await t.request('GET', `/api/v1/pdf-templates/${template.id}/file`, {
        token: user.token,
      });
      expect(file.status).toBe(200);
    });
  },
);

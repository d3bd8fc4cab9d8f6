import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(DIALECTS)('the first account on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('is the only admin even when several sign up at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.request('POST', '/api/v1/auth/signup', {
          json: { email: `founder${n}@example.com`, password: 'longenough' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const admins = answers.filter((answer) => (answer.body as { is_admin: boolean }).is_admin);
    expect(admins).toHaveLength(1);
  });
});

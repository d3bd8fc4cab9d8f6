import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsListResponse } from '@formbridge/contract/jobs';
import { insertJob } from '../../lib/jobs/job-store.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { StoredGenerationResult } from './job-result.ts';

const JOB_COUNT = 25;

function finishedResult(jobId: string): StoredGenerationResult {
  return {
    successful: 3,
    total: 4,
    total_templates: null,
    record_display_name: null,
    template_name: 'W-9',
    table_name: 'Vendors',
    results: [],
    errors: [],
    zip: { key: `jobs/${jobId}/forms.zip`, file_name: 'forms.zip', size: 10 },
    merged: null,
  };
}

// The Jobs screen's list (issue 36): the user's own jobs, newest first, a page at a time.
describe.each(DIALECTS)('jobs list on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let ids: string[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    // Oldest first; the first two share a creation time (the id breaks the tie).
    ids = [];
    for (let index = 0; index < JOB_COUNT; index += 1) {
      const id = crypto.randomUUID();
      ids.push(id);
      const at = new Date(Date.UTC(2026, 10, 1, 0, 0, Math.max(index, 1))).toISOString();
      const isLast = index === JOB_COUNT - 1;
      const isFailed = index === JOB_COUNT - 2;
      await insertJob(t.ctx.db, {
        id,
        owner_id: user.id,
        kind: 'bulk_generation',
        status: isLast ? 'succeeded' : isFailed ? 'failed' : 'running',
        done: isLast ? 4 : 1,
        total: 4,
        failed: isLast ? 1 : 0,
        payload: '{}',
        result: isLast ? JSON.stringify(finishedResult(id)) : null,
        error: isFailed ? 'Interrupted by a server restart' : null,
        created_at: at,
        updated_at: at,
        finished_at: isLast || isFailed ? at : null,
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string, token = user.token) => {
    const response = await t.request('GET', `/api/v1/jobs${query}`, { token });
    expect(response.status, response.text).toBe(200);
    return response.body as JobsListResponse;
  };

  it('pages through every job once, newest first, with status, counts, errors and the zip', async () => {
    const first = await list('?limit=10');
    expect(first.jobs).toHaveLength(10);
    const seen = [...first.jobs];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(`?limit=10&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.jobs);
      cursor = page.next_cursor;
    }
    expect(seen.map((job) => job.id).sort()).toEqual([...ids].sort());
    const times = seen.map((job) => job.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const [newest] = first.jobs;
    expect(newest).toMatchObject({
      id: ids.at(-1),
      kind: 'bulk_generation',
      status: 'succeeded',
      done: 4,
      failed: 1,
      total: 4,
      error: null,
      label: 'W-9 · Vendors',
    });
    expect(newest?.zip_download_url).toMatch(/^\/api\/v1\/jobs\/[0-9a-f-]+\/zip\?/);
    const failed = seen.find((job) => job.status === 'failed');
    expect(failed).toMatchObject({
      error: 'Interrupted by a server restart',
      zip_download_url: null,
    });
  });

  it('gives 20 without a limit and null next_cursor on the last page', async () => {
    const page = await list('');
    expect(page.jobs).toHaveLength(20);
    const rest = await list(`?cursor=${encodeURIComponent(page.next_cursor ?? '')}`);
    expect(rest.jobs).toHaveLength(JOB_COUNT - 20);
    expect(rest.next_cursor).toBeNull();
  });

  it('shows nobody else the jobs', async () => {
    const stranger = await createUser(t);
    expect(await list('', stranger.token)).toEqual({ jobs: [], next_cursor: null });
  });

  it.each([
    ['?cursor=not-a-cursor', 'cursor'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
  ])('refuses %s with a 422', async (query, field) => {
    const response = await t.request('GET', `/api/v1/jobs${query}`, { token: user.token });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({ detail: [{ loc: ['querystring', field] }] });
  });

  it('needs a signed-in user', async () => {
    const response = await t.request('GET', '/api/v1/jobs');
    expect(response.status).toBe(401);
  });
});

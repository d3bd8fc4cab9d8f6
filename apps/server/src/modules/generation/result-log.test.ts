import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobResponseSchema } from '@formbridge/contract/jobs';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRow } from '../../lib/jobs/job-store.ts';
import { createUrlSigner } from '../../lib/signed-urls.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { openJobResponse } from '../jobs/jobs.presenter.ts';
import type { StoredGenerationResult, StoredResultItem } from '../jobs/job-result.ts';
import { createResultLog } from './result-log.ts';

const item = (index: number): StoredResultItem => ({
  completed_form_id: crypto.randomUUID(),
  template_id: 'template-1',
  template_name: 'Antrag – Zoë',
  record_id: `record-${index}`,
  // Multi-byte names (CJK, Arabic, emoji) across the file's read chunks.
  record_display_name: `${'名前 اسم 🙂'.repeat(index % 7)} ${index}`,
  file_name: `Form ${index}.pdf`,
  created_at: '2026-11-26T10:00:00.000Z',
  fill_summary: { requested: 27, written: 27, with_problems: index % 3 },
  email_sent_to: index % 5 === 0 ? ['a@example.com'] : [],
  email_error: null,
});

const rest = {
  successful: 0,
  total: 0,
  total_templates: null,
  record_display_name: null,
  template_name: 'Antrag',
  table_name: 'People',
  errors: [],
  zip: null,
  merged: null,
};

const signer = createUrlSigner(crypto.randomBytes(32));

/** The finished job's answer as GET /api/v1/jobs/{id} sends it, parsed. */
async function answerFor(storage: Storage, result: StoredGenerationResult) {
  const now = '2026-11-26T10:00:00.000Z';
  const row: JobRow = {
    ...{ id: crypto.randomUUID(), owner_id: 'owner', kind: 'bulk_generation', payload: '{}' },
    ...{ status: 'succeeded', done: 0, total: 0, failed: 0, error: null },
    ...{ result: JSON.stringify(result), created_at: now, updated_at: now, finished_at: now },
  };
  const answer = await openJobResponse(row, signer, storage);
  let text = '';
  for await (const piece of typeof answer === 'string' ? [answer] : answer) {
    text += piece;
  }
  return jobResponseSchema.parse(JSON.parse(text));
}

describe('createResultLog', () => {
  const dirs: string[] = [];
  const storage = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-results-'));
    dirs.push(dir);
    return createLocalStorage(dir);
  };
  afterEach(() => {
    dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  it('stores every entry in a file that the job answer lists in order', async () => {
    const store = storage();
    const log = createResultLog(store, 'jobs/a/results.ndjson');
    const items = Array.from({ length: 3_000 }, (_, index) => item(index));
    for (const entry of items) {
      await log.add(entry);
    }
    const result = await log.finish({ ...rest, successful: log.count });
    expect(log.count).toBe(3_000);
    // The row keeps only the key: what makes the job's end and its answer flat in memory.
    expect(JSON.stringify(result).length).toBeLessThan(1_000);
    const answer = await answerFor(store, result);
    expect(answer.successful).toBe(3_000);
    expect(
      answer.results?.map(({ pdf_file_path: _view, file_path: _download, ...stored }) => stored),
    ).toEqual(items);
    expect(answer.results?.[0]?.pdf_file_path).toContain(items[0]?.completed_form_id);
  });

  it('answers an empty list when nothing succeeded, and keeps a very long entry whole', async () => {
    const store = storage();
    const empty = await createResultLog(store, 'jobs/b/results.ndjson').finish(rest);
    expect((await answerFor(store, empty)).results).toEqual([]);
    const log = createResultLog(store, 'jobs/c/results.ndjson');
    const large = { ...item(1), record_display_name: 'ü'.repeat(200_000) };
    for (const entry of [item(0), large, item(2)]) {
      await log.add(entry);
    }
    const answer = await answerFor(store, await log.finish(rest));
    expect(answer.results?.map((entry) => entry.record_display_name)).toEqual([
      item(0).record_display_name,
      large.record_display_name,
      item(2).record_display_name,
    ]);
  });

  it('leaves no file behind when aborted', async () => {
    const store = storage();
    const log = createResultLog(store, 'jobs/d/results.ndjson');
    await log.add(item(0));
    await log.abort();
    expect(await store.modifiedAt('jobs/d/results.ndjson')).toBeUndefined();
  });
});

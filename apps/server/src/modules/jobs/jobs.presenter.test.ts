import crypto from 'node:crypto';
import { jobResponseSchema } from '@formbridge/contract/jobs';
import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../lib/jobs/job-store.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { createUrlSigner } from '../../lib/signed-urls.ts';
import type { StoredGenerationResult } from './job-result.ts';
import { openJobResponse } from './jobs.presenter.ts';

// Result files are read only for results stored with a key (result-log.test.ts covers those).
const noStorage = {} as Storage;

async function jobResponsePieces(row: JobRow, urlSigner: typeof signer): Promise<string[]> {
  const answer = await openJobResponse(row, urlSigner, noStorage);
  if (typeof answer === 'string') {
    return [answer];
  }
  const pieces: string[] = [];
  for await (const piece of answer) {
    pieces.push(piece);
  }
  return pieces;
}

const jobResponseJson = async (row: JobRow, urlSigner: typeof signer) =>
  (await jobResponsePieces(row, urlSigner)).join('');

const signer = createUrlSigner(crypto.randomBytes(32));

function finishedJob(results: StoredGenerationResult['results']): JobRow {
  const result: StoredGenerationResult = {
    successful: results.length,
    total: results.length,
    total_templates: null,
    record_display_name: null,
    template_name: 'Form "results":[]',
    table_name: 'People',
    results,
    errors: [],
    zip: { key: 'jobs/j/forms.zip', file_name: 'forms.zip', size: 10 },
    merged: null,
  };
  return {
    id: crypto.randomUUID(),
    owner_id: 'owner',
    kind: 'bulk_generation',
    status: 'succeeded',
    done: results.length,
    total: results.length,
    failed: 0,
    payload: '{}',
    result: JSON.stringify(result),
    error: null,
    created_at: '2026-11-26T08:00:00.000Z',
    updated_at: '2026-11-26T08:00:01.000Z',
    finished_at: '2026-11-26T08:00:01.000Z',
  };
}

const item = (index: number) => ({
  completed_form_id: crypto.randomUUID(),
  template_id: 't1',
  template_name: 'Form',
  record_id: `r${index}`,
  record_display_name: `Person ${index} "quoted"`,
  file_name: `Form_Person_${index}.pdf`,
  created_at: '2026-11-26T08:00:00.000Z',
  fill_summary: { requested: 3, written: 3, with_problems: 0 },
  email_sent_to: [],
  email_error: null,
});

describe('jobResponseJson', () => {
  it("lists every result in order with signed links, in the contract's shape", async () => {
    // More results than one piece holds: the pieces join into one JSON text.
    const items = Array.from({ length: 250 }, (_, index) => item(index));
    expect((await jobResponsePieces(finishedJob(items), signer)).length).toBeGreaterThan(3);
    const answer = jobResponseSchema.parse(
      JSON.parse(await jobResponseJson(finishedJob(items), signer)),
    );
    expect(answer.template_name).toBe('Form "results":[]');
    expect(answer.results?.map((result) => result.record_display_name)).toEqual(
      items.map((result) => result.record_display_name),
    );
    const first = answer.results?.[0];
    expect(first?.pdf_file_path).toContain(`/completed-forms/${items[0]?.completed_form_id}`);
    expect(first?.pdf_file_path).toContain('signature=');
    expect(answer.zip_download_url).toContain('/zip?');
  });

  it('answers a job still running with the job alone', async () => {
    const row = { ...finishedJob([]), status: 'running', result: null, finished_at: null };
    expect(Object.keys(JSON.parse(await jobResponseJson(row, signer)) as object)).toEqual(['job']);
  });

  it('still refuses a result that breaks the contract', async () => {
    const broken = { ...item(0), completed_form_id: 'not-a-uuid' };
    await expect(jobResponseJson(finishedJob([item(1), broken]), signer)).rejects.toThrow();
  });
});

import type { JobOutcome } from '../../lib/jobs/job-queue.ts';
import type { StoredArtifact, StoredGenerationResult } from '../jobs/jobs.public.ts';
import type { ZipSink } from './zip-sink.ts';

/**
 * The zip of a generation job as its download when it holds a form (`fileName` is what the user
 * saves it as); with none, the half-written file is removed and there is no download.
 */
export async function finishZip(
  zip: ZipSink,
  formCount: number,
  key: string,
  fileName: string,
): Promise<StoredArtifact | null> {
  if (formCount > 0) {
    return { key, file_name: fileName, size: await zip.finish() };
  }
  await zip.abort();
  return null;
}

/**
 * A generation job's outcome: succeeded when at least one form was made (the failures are listed
 * in the result), failed with one sentence when none of the `total` forms could be.
 */
export function generationOutcome(result: StoredGenerationResult, total: number): JobOutcome {
  const isSuccess = result.successful > 0;
  return {
    status: isSuccess ? 'succeeded' : 'failed',
    result,
    error: isSuccess ? null : `None of the ${total} forms could be generated`,
    done: result.successful + result.errors.length,
    failed: result.errors.length,
  };
}

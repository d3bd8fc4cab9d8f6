import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
import { findJob, findJobView, type JobView } from '../../lib/jobs/job-store.ts';
import type { StoredGenerationResult } from './job-result.ts';

/** The owner's job; 404 for a missing id and for someone else's. */
export async function getJob(ctx: AppContext, ownerId: string, id: string): Promise<JobView> {
  const row = await findJob(ctx.db, ownerId, id);
  if (!row) {
    throw notFound('Job');
  }
  return row;
}

/** The job for a bearer owner or a signed-URL holder (the URL is bound to this job's path). */
export async function getJobForAccess(
  ctx: AppContext,
  access: FileAccess,
  id: string,
): Promise<JobView> {
  const row =
    access.kind === 'owner'
      ? await findJob(ctx.db, access.userId, id)
      : await findJobView(ctx.db, id);
  if (!row) {
    throw notFound('Job');
  }
  return row;
}

/** Sends the job's zip or merged PDF as an attachment; 404 when the job has none. */
export async function streamJobArtifact(
  ctx: AppContext,
  row: JobView,
  which: 'zip' | 'merged',
  reply: FastifyReply,
) {
  const result = row.result ? (JSON.parse(row.result) as StoredGenerationResult) : null;
  const artifact = result?.[which] ?? null;
  const what = which === 'zip' ? 'Zip file' : 'Merged PDF';
  if (!artifact) {
    throw notFound(what);
  }
  return sendStoredFile(ctx, reply, {
    key: artifact.key,
    contentType: which === 'zip' ? 'application/zip' : 'application/pdf',
    filename: artifact.file_name,
    asAttachment: true,
    missing: what,
  });
}

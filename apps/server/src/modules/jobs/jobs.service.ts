import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
import { AppError } from '../../lib/errors.ts';
import {
  findJob,
  findJobView,
  listJobs,
  type JobPosition,
  type JobView,
} from '../../lib/jobs/job-store.ts';
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
      ? await findJob(ctx.db, access.ownerId, id)
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

const INVALID_CURSOR = 'The cursor is not one this list gave out. Start again without a cursor.';

/** The opaque `next_cursor`: where the next page starts (after this job). */
function encodeCursor(row: JobPosition): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): JobPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { created_at: value[0], id: value[1] };
    }
  } catch {
    // Not JSON: refused below like any other cursor this list never gave out.
  }
  throw new AppError(422, [
    { loc: ['querystring', 'cursor'], msg: INVALID_CURSOR, type: 'value_error' },
  ]);
}

/** One page of the owner's jobs, newest first, and the cursor of the next (null on the last). */
export async function listJobsPage(
  ctx: AppContext,
  ownerId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ rows: JobView[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const rows = await listJobs(ctx.db, ownerId, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

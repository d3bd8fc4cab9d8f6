import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
import { contentDisposition } from '../../lib/http-headers.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
import { findFileById, findOwnedFile } from './record-files.repo.ts';

// Only these are shown in the browser; everything else is saved (never rendered on our origin).
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/** Sends a record's file to its owner or a signed-URL holder, with the type sniffed at upload. */
export async function streamRecordFile(
  ctx: AppContext,
  access: FileAccess,
  id: string,
  forceDownload: boolean,
  reply: FastifyReply,
) {
  const row =
    access.kind === 'owner'
      ? await findOwnedFile(ctx.db, access.userId, id)
      : await findFileById(ctx.db, id);
  if (!row) {
    throw notFound('File');
  }
  const isInline = !forceDownload && INLINE_TYPES.has(row.content_type);
  try {
    const { stream, size } = await ctx.storage.openStream(row.file_key);
    return reply
      .header('content-type', row.content_type)
      .header('content-length', size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(!isInline, row.filename))
      .send(stream);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      throw notFound('File');
    }
    throw error;
  }
}

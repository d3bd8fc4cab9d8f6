import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
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
      ? await findOwnedFile(ctx.db, access.ownerId, id)
      : await findFileById(ctx.db, id);
  if (!row) {
    throw notFound('File');
  }
  const isInline = !forceDownload && INLINE_TYPES.has(row.content_type);
  return sendStoredFile(ctx, reply, {
    key: row.file_key,
    contentType: row.content_type,
    filename: row.filename,
    asAttachment: !isInline,
    missing: 'File',
  });
}

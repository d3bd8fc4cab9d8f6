import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
import { contentDisposition } from '../../lib/http-headers.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
import { findTemplate, findTemplateById } from './templates.repo.ts';

/** Sends a template's PDF inline (or as an attachment) to its owner or a signed-URL holder. */
export async function streamTemplateFile(
  ctx: AppContext,
  access: FileAccess,
  id: string,
  asAttachment: boolean,
  reply: FastifyReply,
) {
  const row =
    access.kind === 'owner'
      ? await findTemplate(ctx.db, access.userId, id)
      : await findTemplateById(ctx.db, id);
  if (!row) {
    throw notFound('Template');
  }
  try {
    const { stream, size } = await ctx.storage.openStream(row.file_key);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(asAttachment, `${row.name}.pdf`))
      .send(stream);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      throw notFound('PDF file');
    }
    throw error;
  }
}

import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
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
      ? await findTemplate(ctx.db, access.ownerId, id)
      : await findTemplateById(ctx.db, id);
  if (!row) {
    throw notFound('Template');
  }
  return sendStoredFile(ctx, reply, {
    key: row.file_key,
    contentType: 'application/pdf',
    filename: `${row.name}.pdf`,
    asAttachment,
    missing: 'PDF file',
  });
}

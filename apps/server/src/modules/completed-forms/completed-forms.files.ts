import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
import { findCompletedForm, findCompletedFormById } from './completed-forms.repo.ts';

/**
 * Sends a completed form's PDF to its owner or a signed-URL holder: inline for `view`, as an
 * attachment named by the spec's rule (§3) for `download`.
 */
export async function streamCompletedForm(
  ctx: AppContext,
  access: FileAccess,
  id: string,
  asAttachment: boolean,
  reply: FastifyReply,
) {
  const row =
    access.kind === 'owner'
      ? await findCompletedForm(ctx.db, access.ownerId, id)
      : await findCompletedFormById(ctx.db, id);
  if (!row) {
    throw notFound('Completed form');
  }
  return sendStoredFile(ctx, reply, {
    key: row.file_key,
    contentType: 'application/pdf',
    filename: row.file_name,
    asAttachment,
    missing: 'PDF file',
  });
}

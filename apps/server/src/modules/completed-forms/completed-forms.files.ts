import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileAccess } from '../../lib/file-access.ts';
import { contentDisposition } from '../../lib/http-headers.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
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
      ? await findCompletedForm(ctx.db, access.userId, id)
      : await findCompletedFormById(ctx.db, id);
  if (!row) {
    throw notFound('Completed form');
  }
  try {
    const { stream, size } = await ctx.storage.openStream(row.file_key);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(asAttachment, row.file_name))
      .send(stream);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      throw notFound('PDF file');
    }
    throw error;
  }
}

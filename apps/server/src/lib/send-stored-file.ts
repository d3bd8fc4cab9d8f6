import type { FastifyReply } from 'fastify';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';
import { contentDisposition } from './http-headers.ts';
import { StorageNotFoundError } from './storage/storage.ts';

export type StoredFileResponse = {
  key: string;
  contentType: string;
  filename: string;
  asAttachment: boolean;
  /** What the 404 names when the row exists but its file is gone ('PDF file', 'Zip file'). */
  missing: string;
};

/**
 * Streams a stored file with the headers every download shares: its type, length, no caching
 * (the URL is signed or authorised), no sniffing, and an RFC 6266 file name. A row whose file is
 * gone answers 404 rather than a 500.
 */
export async function sendStoredFile(
  ctx: AppContext,
  reply: FastifyReply,
  file: StoredFileResponse,
) {
  try {
    const { stream, size } = await ctx.storage.openStream(file.key);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(file.asAttachment, file.filename))
      .send(stream);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      throw notFound(file.missing);
    }
    throw error;
  }
}

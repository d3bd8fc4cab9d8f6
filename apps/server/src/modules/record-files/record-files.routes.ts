import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { createFileAccess } from '../../lib/file-access.ts';
import { streamRecordFile } from './record-files.download.ts';

/** GET /api/v1/files/{fileId}: the file itself, for its owner (bearer) or a signed URL. */
export function fileDownloadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const fileAccess = createFileAccess(ctx);
    app.get(
      '/:fileId',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['record files'],
          params: z.object({ fileId: z.string().max(64) }),
          querystring: z.object({
            expires: z.string().optional(),
            signature: z.string().optional(),
            download: z.enum(['1', 'true']).optional(),
          }),
          description:
            'Bearer token of its owner, or the signed `file_path` URL. PDFs and images open ' +
            'inline; other types, and any file with `download=1`, come as attachments.',
        },
      },
      async (request, reply) =>
        streamRecordFile(
          ctx,
          await fileAccess(request),
          request.params.fileId,
          Boolean(request.query.download),
          reply,
        ),
    );
  };
}

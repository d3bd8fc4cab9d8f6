import { recordFileSchema } from '@formbridge/contract/records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/uploads.ts';
import { presentRecordFile } from '../record-files/record-files.public.ts';
import { deleteRecordFile, uploadRecordFile } from './records.files.ts';

const recordParams = z.object({ tableId: z.string().max(64), recordId: z.string().max(64) });
const fileParams = recordParams.extend({ fileId: z.string().max(64) });

/**
 * Upload and delete of a record's files. Registered under /files (the spec's path) and under
 * /api/v1/files; errors are JSON on both, like every route.
 */
export function recordFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['record files'], security: [{ bearer: [] }] };

    app.post(
      '/:tableId/records/:recordId/upload',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: recordParams,
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data with `file` (at most 10 MB; PDF, PNG, JPEG, GIF, WEBP, DOC, ' +
            'XLS, DOCX, XLSX, text or CSV, recognised by content) and `field_name` (a file field)',
          response: { 201: recordFileSchema },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request);
        const row = await uploadRecordFile(ctx, auditScope(request), request.params, form);
        return reply.status(201).send(presentRecordFile(row, ctx.signer));
      },
    );

    app.delete(
      '/:tableId/records/:recordId/files/:fileId',
      { config: { auth: 'user', role: 'editor' }, schema: { ...secured, params: fileParams } },
      async (request, reply) => {
        await deleteRecordFile(ctx, auditScope(request), request.params);
        return reply.status(204).send();
      },
    );
  };
}

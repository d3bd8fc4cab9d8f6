import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importPreviewSchema, importResultSchema } from '@formbridge/contract/imports';
import { z } from 'zod';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { contentDisposition } from '../../lib/http-headers.ts';
import { readMultipartForm } from '../../lib/uploads.ts';
import { exportTableCsv } from './imports.export.ts';
import { importRecords, MAX_IMPORT_ROWS, previewImport } from './imports.service.ts';

const idParams = z.object({ id: z.string().max(64) });

const FILE_ONLY = `multipart/form-data with \`file\`: a CSV (',' ';' or tab separated, UTF-8, UTF-16 or Windows-1252), at most 10 MB and ${MAX_IMPORT_ROWS} rows`;

/** CSV import (preview, then all-or-nothing import) and CSV export of a table's records. */
export function importsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['import and export'], security: [{ bearer: [] }] };

    app.post(
      '/:id/import/preview',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          consumes: ['multipart/form-data'],
          description: FILE_ONLY,
          response: { 200: importPreviewSchema },
        },
      },
      async (request) => {
        const form = await readMultipartForm(request);
        return previewImport(ctx, currentMember(request).workspaceId, request.params.id, form);
      },
    );

    app.post(
      '/:id/import',
      {
        config: { auth: 'user', role: 'editor', idempotent: true },
        schema: {
          ...secured,
          params: idParams,
          consumes: ['multipart/form-data'],
          description: `${FILE_ONLY}, and \`mapping\`: JSON {"column": "field name"} (the suggested mapping when left out), \`date_order\` ('YMD', 'DMY' or 'MDY') and \`decimal_separator\` ('.' or ','), detected from the file when left out. All rows are imported or none; problems are 422 with loc ['body','rows',row,column] (the header is row 1).`,
          response: { 201: importResultSchema },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request);
        const result = await importRecords(ctx, auditScope(request), request.params.id, form);
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/:id/export.csv',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          params: idParams,
          description: 'Every record as CSV (UTF-8 with BOM), as an attachment',
        },
      },
      async (request, reply) => {
        const csv = await exportTableCsv(
          ctx,
          currentMember(request).workspaceId,
          request.params.id,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(true, csv.filename))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(csv.body);
      },
    );
  };
}

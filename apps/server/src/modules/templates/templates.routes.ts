import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  templateFieldsResponseSchema,
  templateFillSettingsSchema,
  templateSchema,
  templateSummarySchema,
  templateUpdateResponseSchema,
} from '@formbridge/contract/templates';
import {
  fieldCandidatesResponseSchema,
  writeFieldsBodySchema,
} from '@formbridge/contract/field-candidates';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { createFileAccess } from '../../lib/file-access.ts';
import { readMultipartForm } from '../../lib/uploads.ts';
import { presentTemplate, presentTemplateSummary } from './templates.presenter.ts';
import { streamTemplateFile } from './templates.files.ts';
import { findFieldCandidates, writeTemplateFields } from './templates.field-editor.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  updateFillSettings,
  updateTemplateWithFile,
  type TemplateUpdate,
} from './templates.service.ts';
import { listTemplates } from './templates.repo.ts';
import type { TemplateFieldsReplaced } from './templates.fields-replaced.ts';

const idParams = z.object({ id: z.string().max(64) });
const MULTIPART = 'multipart/form-data with `name` and `pdf_file` (PDF, at most 10 MB)';

async function readTemplateUpdate(request: FastifyRequest): Promise<TemplateUpdate> {
  if (request.isMultipart()) {
    const form = await readMultipartForm(request);
    return { name: form.fields.name, file: form.file };
  }
  const body = z
    .object({ name: z.string().optional() })
    .strict()
    .parse(request.body ?? {});
  return { name: body.name, file: null };
}

/**
 * /api/v1/pdf-templates: upload, list, read, rename/replace, delete, fields, the field editor's
 * candidates and written fields, and the PDF itself.
 */
/** `fieldsReplaced`: what a new set of fields drops elsewhere (see TemplateFieldsReplaced). */
export function templatesRoutes(
  ctx: AppContext,
  fieldsReplaced: TemplateFieldsReplaced,
): FastifyPluginAsyncZod {
  return async (app) => {
    const fileAccess = createFileAccess(ctx);
    const secured = { tags: ['templates'], security: [{ bearer: [] }] };

    app.post(
      '/',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          consumes: ['multipart/form-data'],
          description: MULTIPART,
          response: { 201: templateSchema },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request);
        const row = await createTemplate(ctx, auditScope(request), {
          name: form.fields.name,
          file: form.file,
        });
        return reply.status(201).send(presentTemplate(row, ctx.signer));
      },
    );

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, response: { 200: z.array(templateSummarySchema) } },
      },
      async (request) => {
        const rows = await listTemplates(ctx.db, currentMember(request).workspaceId);
        return rows.map((row) => presentTemplateSummary(row, ctx.signer));
      },
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: templateSchema } },
      },
      async (request) => {
        const row = await getTemplate(ctx, currentMember(request).workspaceId, request.params.id);
        return presentTemplate(row, ctx.signer);
      },
    );

    app.put(
      '/:id',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          consumes: ['application/json', 'multipart/form-data'],
          description: `JSON {"name"} to rename, or ${MULTIPART} (both optional) to replace the PDF`,
          response: { 200: templateUpdateResponseSchema },
        },
      },
      async (request) => {
        const update = await readTemplateUpdate(request);
        const { row, droppedMappings } = await updateTemplateWithFile(
          ctx,
          auditScope(request),
          request.params.id,
          update,
          fieldsReplaced,
        );
        return { ...presentTemplate(row, ctx.signer), dropped_mappings: droppedMappings };
      },
    );

    app.put(
      '/:id/fill-settings',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          description:
            'How generation fills this template: legibility floor (pt), read-only fields (fill or skip), addendum for long values and its reference text ({n} = item number). Omitted keys take their defaults.',
          body: templateFillSettingsSchema,
          response: { 200: templateSchema },
        },
      },
      async (request) => {
        const row = await updateFillSettings(
          ctx,
          auditScope(request),
          request.params.id,
          request.body,
        );
        return presentTemplate(row, ctx.signer);
      },
    );

    app.delete(
      '/:id',
      { config: { auth: 'user', role: 'editor' }, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await deleteTemplate(ctx, auditScope(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/:id/fields',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: templateFieldsResponseSchema } },
      },
      async (request) => {
        const template = presentTemplate(
          await getTemplate(ctx, currentMember(request).workspaceId, request.params.id),
          ctx.signer,
        );
        return {
          field_data: template.field_data,
          page_count: template.page_count,
          pages: template.pages,
        };
      },
    );

    app.post(
      '/:id/field-candidates',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          description:
            'Fields proposed from what is printed on the pages (rules, boxes, cells, leaders, ballot glyphs, combs), for review in the field editor; fields the template already has are left out. `page` is 1-based, `rect` is [left, top, right, bottom] in displayed points.',
          response: { 200: fieldCandidatesResponseSchema },
        },
      },
      async (request) =>
        findFieldCandidates(ctx, currentMember(request).workspaceId, request.params.id),
    );

    app.put(
      '/:id/fields',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          description:
            'Writes the full list of fields into the PDF as uploaded (existing fields are replaced) as a real AcroForm, then detects the result like an upload. 422 on empty or duplicate names, boxes outside their page, two fields on one box, choices without options.',
          body: writeFieldsBodySchema,
          response: { 200: templateUpdateResponseSchema },
        },
      },
      async (request) => {
        const { row, droppedMappings } = await writeTemplateFields(
          ctx,
          auditScope(request),
          request.params.id,
          request.body.fields,
          fieldsReplaced,
        );
        return { ...presentTemplate(row, ctx.signer), dropped_mappings: droppedMappings };
      },
    );

    app.get(
      '/:id/file',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['templates'],
          params: idParams,
          querystring: z.object({
            expires: z.string().optional(),
            signature: z.string().optional(),
            download: z.enum(['1', 'true']).optional(),
          }),
          description: 'The PDF: bearer token of its owner, or the signed `file_path` URL',
        },
      },
      async (request, reply) =>
        streamTemplateFile(
          ctx,
          await fileAccess(request),
          request.params.id,
          Boolean(request.query.download),
          reply,
        ),
    );
  };
}

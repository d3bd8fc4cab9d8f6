import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completedFormDetailSchema,
  completedFormSchema,
  completedFormWithEmailSchema,
  emailFormBodySchema,
  generateQuerySchema,
  listCompletedFormsQuerySchema,
} from '@formbridge/contract/completed-forms';
import { currentMember } from '../../lib/current-member.ts';
import { createFileAccess } from '../../lib/file-access.ts';
import type { FillDeps } from './fill-deps.ts';
import { streamCompletedForm } from './completed-forms.files.ts';
import { presentCompletedForm, presentCompletedFormDetail } from './completed-forms.presenter.ts';
import { countCompletedForms, listCompletedForms } from './completed-forms.repo.ts';
import {
  deleteCompletedForm,
  emailCompletedForm,
  generateCompletedForm,
  getCompletedForm,
  type FormWithEmail,
} from './completed-forms.service.ts';
import { auditScope } from '../../lib/audit/request-scope.ts';

const MAX_PAGE_SIZE = 1000;
const idParams = z.object({ id: z.string().max(64) });
const generateParams = z.object({
  templateId: z.string().max(64),
  tableId: z.string().max(64),
  recordId: z.string().max(64),
});
const signedQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

/** /api/v1/completed-forms: generate one, list, read, e-mail, delete, and the PDF itself. */
export function completedFormsRoutes(deps: FillDeps): FastifyPluginAsyncZod {
  const { ctx } = deps;
  return async (app) => {
    const fileAccess = createFileAccess(ctx);
    const secured = { tags: ['completed forms'], security: [{ bearer: [] }] };
    const withEmail = (result: FormWithEmail) => ({
      ...presentCompletedFormDetail(result.row, ctx.signer),
      email: result.email,
    });

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          querystring: listCompletedFormsQuerySchema,
          description:
            'Newest first, filtered by template_id, record_id and/or table_id. `limit`/`offset` ' +
            'return one page; `X-Total-Count` holds the number of matching forms.',
          response: { 200: z.array(completedFormSchema) },
        },
      },
      async (request, reply) => {
        const ownerId = currentMember(request).workspaceId;
        const { limit, offset, ...filters } = request.query;
        const isPaged = limit !== undefined || offset !== undefined;
        const page = isPaged ? { limit: limit ?? MAX_PAGE_SIZE, offset: offset ?? 0 } : undefined;
        const rows = await listCompletedForms(ctx.db, ownerId, filters, page);
        const total = page ? await countCompletedForms(ctx.db, ownerId, filters) : rows.length;
        return reply
          .header('x-total-count', String(total))
          .send(rows.map((row) => presentCompletedForm(row, ctx.signer)));
      },
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: completedFormDetailSchema } },
      },
      async (request) =>
        presentCompletedFormDetail(
          await getCompletedForm(ctx, currentMember(request).workspaceId, request.params.id),
          ctx.signer,
        ),
    );

    app.delete(
      '/:id',
      { config: { auth: 'user', role: 'editor' }, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await deleteCompletedForm(ctx, auditScope(request), request.params.id);
        return reply.status(204).send();
      },
    );

    for (const [suffix, asAttachment] of [
      ['view', false],
      ['download', true],
    ] as const) {
      app.get(
        `/:id/${suffix}`,
        {
          config: { auth: 'public' },
          schema: {
            tags: ['completed forms'],
            params: idParams,
            querystring: signedQuery,
            description: `The PDF ${asAttachment ? 'as an attachment named by the spec rule' : 'inline'}: bearer token of its owner, or the signed URL`,
          },
        },
        async (request, reply) =>
          streamCompletedForm(
            ctx,
            await fileAccess(request),
            request.params.id,
            asAttachment,
            reply,
          ),
      );
    }

    app.post(
      '/:id/email',
      {
        config: { auth: 'user', role: 'editor', idempotent: true },
        schema: {
          ...secured,
          params: idParams,
          body: emailFormBodySchema,
          description:
            'Sends the PDF as an attachment. 422: invalid addresses (listed) or every recipient ' +
            'refused; 502: the mail transport failed. Accepted recipients join email_sent_to.',
          response: { 200: completedFormWithEmailSchema },
        },
      },
      async (request) =>
        withEmail(
          await emailCompletedForm(
            ctx,
            currentMember(request),
            request.params.id,
            request.body.recipients,
            request.ip,
          ),
        ),
    );

    app.post(
      '/:templateId/:tableId/:recordId',
      {
        config: { auth: 'user', role: 'editor', idempotent: true },
        schema: {
          ...secured,
          params: generateParams,
          querystring: generateQuerySchema,
          description:
            'Fills the template with the record now. `send_email=true` with `email_recipients` ' +
            '(repeated or comma-separated) e-mails it afterwards; `email` reports the outcome.',
          response: { 201: completedFormWithEmailSchema },
        },
      },
      async (request, reply) => {
        const result = await generateCompletedForm(
          deps,
          currentMember(request),
          request.params,
          request.query,
          request.ip,
        );
        return reply.status(201).send(withEmail(result));
      },
    );
  };
}

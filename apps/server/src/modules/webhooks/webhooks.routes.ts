import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@formbridge/contract/webhooks';
import { memberScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { webhookAdmin } from './webhooks.access.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  updateWebhook,
} from './webhooks.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const webhookParams = idParams.extend({ webhook_id: z.string().max(64) });
const deliveryParams = webhookParams.extend({ delivery_id: z.string().max(64) });

/** /api/v1/workspaces/{id}/webhooks: the workspace's endpoints and their delivery logs (Admins). */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['webhooks'], security: [{ bearer: [] }] };
    const admin = { auth: 'user', role: 'admin', workspace: 'path' } as const;

    app.get(
      '/:id/webhooks',
      {
        config: admin,
        schema: { ...secured, params: idParams, response: { 200: webhookListSchema } },
      },
      async (request) => ({ webhooks: await listWebhooks(ctx, webhookAdmin(request).workspaceId) }),
    );

    app.post(
      '/:id/webhooks',
      {
        config: admin,
        schema: {
          ...secured,
          params: idParams,
          body: webhookCreateSchema,
          description:
            'Subscribes an http(s) URL to events. The secret is in this answer only. 422 when ' +
            'the URL is not http(s) or points to a private address (unless WEBHOOK_ALLOW_PRIVATE).',
          response: { 201: webhookCreatedSchema },
        },
      },
      async (request, reply) => {
        const scope = memberScope(webhookAdmin(request));
        return reply.status(201).send(await createWebhook(ctx, scope, request.body));
      },
    );

    app.get(
      '/:id/webhooks/:webhook_id',
      {
        config: admin,
        schema: { ...secured, params: webhookParams, response: { 200: webhookSchema } },
      },
      async (request) =>
        getWebhook(ctx, webhookAdmin(request).workspaceId, request.params.webhook_id),
    );

    app.patch(
      '/:id/webhooks/:webhook_id',
      {
        config: admin,
        schema: {
          ...secured,
          params: webhookParams,
          body: webhookUpdateSchema,
          description: 'Changes the URL or events, or pauses (`status: paused`) and resumes it.',
          response: { 200: webhookSchema },
        },
      },
      async (request) => {
        const scope = memberScope(webhookAdmin(request));
        return updateWebhook(ctx, scope, request.params.webhook_id, request.body);
      },
    );

    app.delete(
      '/:id/webhooks/:webhook_id',
      { config: admin, schema: { ...secured, params: webhookParams } },
      async (request, reply) => {
        await deleteWebhook(ctx, memberScope(webhookAdmin(request)), request.params.webhook_id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/:id/webhooks/:webhook_id/deliveries',
      {
        config: admin,
        schema: {
          ...secured,
          params: webhookParams,
          description: 'The newest 100 deliveries of the endpoint, newest first.',
          response: { 200: webhookDeliveryListSchema },
        },
      },
      async (request) => {
        const workspaceId = webhookAdmin(request).workspaceId;
        const deliveries = await listDeliveries(ctx, workspaceId, request.params.webhook_id);
        return { deliveries };
      },
    );

    app.post(
      '/:id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
      {
        config: admin,
        schema: {
          ...secured,
          params: deliveryParams,
          description: 'Sends the delivery again with the same event id (202).',
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) => {
        const { webhook_id: webhookId, delivery_id: deliveryId } = request.params;
        const scope = memberScope(webhookAdmin(request));
        return reply.status(202).send(await redeliver(ctx, scope, webhookId, deliveryId));
      },
    );
  };
}

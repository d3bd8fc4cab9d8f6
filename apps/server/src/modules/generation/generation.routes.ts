import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkGenerationBodySchema,
  multiTemplateBodySchema,
  queryBooleanSchema,
} from '@formbridge/contract/completed-forms';
import { jobAcceptedSchema, jobResponseSchema } from '@formbridge/contract/jobs';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { findJobView } from '../../lib/jobs/job-store.ts';
import { presentJob, sendJobResponse } from '../jobs/jobs.presenter.ts';
import type { GenerationRuntime } from './generation-runtime.ts';
import { startBulkGeneration, startMultiTemplateGeneration } from './generation.service.ts';

const waitQuery = z.object({ wait: queryBooleanSchema.default(false) });
const bulkParams = z.object({ templateId: z.string().max(64), tableId: z.string().max(64) });
const multiParams = z.object({ tableId: z.string().max(64), recordId: z.string().max(64) });
const ANSWER =
  '202 {"job"} at once; with `?wait=true`, 200 with the finished job and its result ' +
  '(the same as GET /api/v1/jobs/{id}).';

/** Bulk and multi-template generation under /api/v1/completed-forms: both start a job. */
export function generationRoutes(
  ctx: AppContext,
  runtime: GenerationRuntime,
): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['completed forms'], security: [{ bearer: [] }] };
    const responses = { 200: jobResponseSchema, 202: jobAcceptedSchema };

    const answer = async (jobId: string, wait: boolean, reply: FastifyReply) => {
      if (wait) {
        await runtime.queue.waitFor(jobId);
      }
      const row = await findJobView(ctx.db, jobId);
      if (!row) {
        throw new Error(`Job ${jobId} vanished after it was queued`);
      }
      return wait
        ? sendJobResponse(reply.status(200), row, ctx.signer, ctx.storage)
        : reply.status(202).send({ job: presentJob(row, ctx.signer) });
    };

    app.post(
      '/bulk/:templateId/:tableId',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          params: bulkParams,
          querystring: waitQuery,
          body: bulkGenerationBodySchema,
          description: `One form per record of the table, and a zip of all. ${ANSWER}`,
          response: responses,
        },
      },
      async (request, reply) => {
        const jobId = await startBulkGeneration(
          ctx,
          runtime.queue,
          currentUser(request),
          request.params,
          request.body,
          request.ip,
        );
        return answer(jobId, request.query.wait, reply);
      },
    );

    app.post(
      '/multi-template/:tableId/:recordId',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          params: multiParams,
          querystring: waitQuery,
          body: multiTemplateBodySchema,
          description: `One form per template for the record, a zip, optionally a merged PDF. ${ANSWER}`,
          response: responses,
        },
      },
      async (request, reply) => {
        const jobId = await startMultiTemplateGeneration(
          ctx,
          runtime.queue,
          currentUser(request),
          request.params,
          request.body,
          request.ip,
        );
        return answer(jobId, request.query.wait, reply);
      },
    );
  };
}

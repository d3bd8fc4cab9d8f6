import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkGenerationBodySchema,
  multiTemplateBodySchema,
  queryBooleanSchema,
} from '@formbridge/contract/completed-forms';
import {
  isFinishedJobStatus,
  jobAcceptedSchema,
  jobResponseSchema,
  type JobStatus,
} from '@formbridge/contract/jobs';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { findJobView } from '../../lib/jobs/job-store.ts';
import { presentJob, sendJobResponse } from '../jobs/jobs.public.ts';
import type { GenerationRuntime } from './generation-runtime.ts';
import { startBulkGeneration, startMultiTemplateGeneration } from './generation.service.ts';

const waitQuery = z.object({ wait: queryBooleanSchema.default(false) });
const bulkParams = z.object({ templateId: z.string().max(64), tableId: z.string().max(64) });
const multiParams = z.object({ tableId: z.string().max(64), recordId: z.string().max(64) });
const ANSWER =
  '202 {"job"} at once; with `?wait=true`, 200 with the finished job and its result ' +
  '(the same as GET /api/v1/jobs/{id}), or 202 {"job"} when it is still running as the ' +
  "request's time runs out (poll GET /api/v1/jobs/{id}; never send it again to wait longer).";

/**
 * How long into a request `?wait=true` may still wait for the job: the request timeout less a
 * margin to answer in (a quarter of it, at most 5 s); unbounded when the timeout is off.
 */
export function getWaitBudgetMs(requestTimeoutSeconds: number): number | undefined {
  if (requestTimeoutSeconds <= 0) {
    return undefined;
  }
  const timeoutMs = requestTimeoutSeconds * 1000;
  return timeoutMs - Math.min(5000, timeoutMs / 4);
}

/** Waits for `done`, or `budgetMs` if it comes first. */
async function waitAtMost(done: Promise<unknown>, budgetMs: number | undefined): Promise<void> {
  if (budgetMs === undefined) {
    await done;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, budgetMs);
  });
  try {
    await Promise.race([done, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** Bulk and multi-template generation under /api/v1/completed-forms: both start a job. */
export function generationRoutes(
  ctx: AppContext,
  runtime: GenerationRuntime,
): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['completed forms'], security: [{ bearer: [] }] };
    const responses = { 200: jobResponseSchema, 202: jobAcceptedSchema };

    const waitBudgetMs = getWaitBudgetMs(ctx.config.requestTimeoutSeconds ?? 60);
    const answer = async (jobId: string, wait: boolean, reply: FastifyReply) => {
      if (wait) {
        // The request's time runs from its start: checking and queueing the job used some of it.
        const left =
          waitBudgetMs === undefined ? undefined : Math.max(0, waitBudgetMs - reply.elapsedTime);
        await waitAtMost(runtime.queue.waitFor(jobId), left);
      }
      const row = await findJobView(ctx.db, jobId);
      if (!row) {
        throw new Error(`Job ${jobId} vanished after it was queued`);
      }
      // A job still running when the wait is up answers as without wait: 202 with the job.
      return wait && isFinishedJobStatus(row.status as JobStatus)
        ? sendJobResponse(reply.status(200), row, ctx.signer, ctx.storage)
        : reply.status(202).send({ job: presentJob(row, ctx.signer) });
    };

    app.post(
      '/bulk/:templateId/:tableId',
      {
        config: { auth: 'user', role: 'editor', idempotent: true },
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
          currentMember(request),
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
        config: { auth: 'user', role: 'editor', idempotent: true },
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
          currentMember(request),
          request.params,
          request.body,
          request.ip,
        );
        return answer(jobId, request.query.wait, reply);
      },
    );
  };
}

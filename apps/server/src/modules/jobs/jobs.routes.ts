import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  jobResponseSchema,
  jobsListQuerySchema,
  jobsListResponseSchema,
} from '@formbridge/contract/jobs';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { createFileAccess } from '../../lib/file-access.ts';
import { streamJobEvents, type JobsRuntime } from './jobs.events.ts';
import { presentJobListItem, sendJobResponse } from './jobs.presenter.ts';
import { getJob, getJobForAccess, listJobsPage, streamJobArtifact } from './jobs.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const signedQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});
const SIGNED = 'Bearer token of the owner, or the signed URL from the job response';

/** /api/v1/jobs: the user's jobs (paged), a job's status and result, its progress as server-sent events, its files. */
export function jobsRoutes(ctx: AppContext, runtime: JobsRuntime): FastifyPluginAsyncZod {
  return async (app) => {
    const fileAccess = createFileAccess(ctx);
    const tags = ['jobs'];

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          tags,
          security: [{ bearer: [] }],
          querystring: jobsListQuerySchema,
          description:
            'Your jobs, newest first, `limit` (1–100, default 20) a page; pass `next_cursor` as ' +
            '`cursor` for the next page (null on the last). 422 for a cursor this list never gave.',
          response: { 200: jobsListResponseSchema },
        },
      },
      async (request) => {
        const page = await listJobsPage(ctx, currentMember(request).workspaceId, request.query);
        return {
          jobs: page.rows.map((row) => presentJobListItem(row, ctx.signer)),
          next_cursor: page.nextCursor,
        };
      },
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          tags,
          security: [{ bearer: [] }],
          params: idParams,
          description: 'The job; once finished, also the generation result at the top level',
          response: { 200: jobResponseSchema },
        },
      },
      async (request, reply) =>
        sendJobResponse(
          reply,
          await getJob(ctx, currentMember(request).workspaceId, request.params.id),
          ctx.signer,
          ctx.storage,
        ),
    );

    app.get(
      '/:id/events',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          params: idParams,
          querystring: signedQuery,
          description: `text/event-stream: 'progress' events, then one 'end'. ${SIGNED} (events_url)`,
        },
      },
      async (request, reply) => {
        const row = await getJobForAccess(ctx, await fileAccess(request), request.params.id);
        streamJobEvents(ctx, runtime, row, reply);
      },
    );

    for (const which of ['zip', 'merged'] as const) {
      app.get(
        `/:id/${which}`,
        {
          config: { auth: 'public' },
          schema: {
            tags,
            params: idParams,
            querystring: signedQuery,
            description: `The job's ${which === 'zip' ? 'zip of every form' : 'merged PDF'}. ${SIGNED}`,
          },
        },
        async (request, reply) => {
          const row = await getJobForAccess(ctx, await fileAccess(request), request.params.id);
          return streamJobArtifact(ctx, row, which, reply);
        },
      );
    }
  };
}

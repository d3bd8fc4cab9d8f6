import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@formbridge/contract/health';
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context.ts';

/** GET /api/health: the process answers and the database is reachable. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: { tags: ['health'], response: { 200: healthResponseSchema } },
      },
      async () => {
        await sql`select 1`.execute(ctx.db);
        return { status: 'ok' as const, database: ctx.dialect };
      },
    );
  };
}

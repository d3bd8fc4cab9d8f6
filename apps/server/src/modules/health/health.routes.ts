import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@formbridge/contract/health';
import { createDatabasePing } from '../../db/database-ping.ts';
import type { AppContext } from '../../lib/context.ts';

/** GET /api/health: the process answers and the database is reachable. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const database = createDatabasePing(ctx.config, ctx.db);
    app.addHook('onClose', async () => database.close());
    app.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: { tags: ['health'], response: { 200: healthResponseSchema } },
      },
      async () => {
        await database.ping();
        return { status: 'ok' as const, database: ctx.dialect };
      },
    );
  };
}

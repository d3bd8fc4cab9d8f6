import { jobQueueKind } from '../../config.ts';
import type { AppContext } from '../../lib/context.ts';
import { createInProcessQueue } from '../../lib/jobs/in-process-queue.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { bulkGenerationJob } from './bulk-generation.job.ts';
import {
  createFillPool,
  type FillPool,
  type FillPoolOptions,
} from '../../lib/pdf-fill/fill-pool.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import { multiTemplateJob } from './multi-template.job.ts';

/** The fill pool and the job queue with the generation jobs registered: one per app. */
export type GenerationRuntime = {
  deps: FillDeps;
  pool: FillPool;
  queue: JobQueue;
  /** Open event streams by closer: ended on shutdown, which would otherwise wait for them. */
  streams: Set<() => void>;
  /** Marks jobs a previous process left unfinished as failed; call once at start. */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/** Builds the runtime; workers start on the first fill, not here. */
export async function createGenerationRuntime(
  ctx: AppContext,
  log: FillDeps['log'],
  options: { pool?: FillPoolOptions } = {},
): Promise<GenerationRuntime> {
  const pool = createFillPool(options.pool ?? { size: ctx.config.fillWorkers });
  const queue = await createQueue(ctx, log, pool.size);
  const deps: FillDeps = { ctx, pool, log };
  queue.register(bulkGenerationJob(deps));
  queue.register(multiTemplateJob(deps));
  const streams = new Set<() => void>();
  return {
    deps,
    pool,
    queue,
    streams,
    start: async () => {
      await queue.recoverInterrupted();
    },
    close: async () => {
      for (const end of streams) {
        end();
      }
      await queue.close();
      await pool.close();
    },
  };
}

/**
 * pg-boss on PostgreSQL (shared by every instance), else this process's own queue. pg-boss is
 * imported only when it is used: loaded, it and its queue hold ~12 MB.
 */
async function createQueue(
  ctx: AppContext,
  log: FillDeps['log'],
  concurrency: number,
): Promise<JobQueue> {
  const { config } = ctx;
  if (jobQueueKind(config) === 'memory' || !config.databaseUrl) {
    return createInProcessQueue({ db: ctx.db, log });
  }
  const { createPgBossQueue } = await import('../../lib/jobs/pg-boss-queue.ts');
  return createPgBossQueue({
    db: ctx.db,
    connectionString: config.databaseUrl,
    // Beside the app's tables when they have their own schema (each test app), else its own.
    schema: config.databaseSchema ?? 'pgboss',
    log,
    work: (config.role ?? 'all') !== 'web',
    concurrency,
  });
}

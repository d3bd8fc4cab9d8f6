import type { AppContext } from '../../lib/context.ts';
import type { FillPool } from './fill-pool.ts';

/** What generation jobs and services need beyond the app context. */
export type GenerationDeps = {
  ctx: AppContext;
  pool: FillPool;
  log: {
    error: (obj: object, msg: string) => void;
    info: (obj: object, msg: string) => void;
  };
};

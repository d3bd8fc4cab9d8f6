import type { AppContext } from '../../lib/context.ts';
import type { FillPool } from '../../lib/pdf-fill/fill-pool.ts';

/** What filling a record needs beyond the app context: the fill workers and a log. */
export type FillDeps = {
  ctx: AppContext;
  pool: FillPool;
  log: {
    error: (obj: object, msg: string) => void;
    info: (obj: object, msg: string) => void;
  };
};

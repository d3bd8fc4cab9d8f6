import type { FastifyInstance } from 'fastify';

/** The port stayed taken: another program (or another Formbridge) holds it. */
export class PortInUseError extends Error {}

export type ListenWhenFreeOptions = {
  port: number;
  host: string;
  /** How long to wait for a taken port to be freed (default 15 s). */
  waitMs?: number;
  /** Pause between attempts (default 500 ms). */
  retryMs?: number;
};

/**
 * Listens, waiting up to `waitMs` while the port is taken: a previous server that is still
 * closing (a restart, an old process finishing its last requests) frees it within seconds. A
 * port still taken after that is reported in one line that names it, never retried forever.
 */
export async function listenWhenFree(
  app: FastifyInstance,
  options: ListenWhenFreeOptions,
): Promise<void> {
  const { port, host } = options;
  const deadline = Date.now() + (options.waitMs ?? 15_000);
  let warned = false;
  for (;;) {
    try {
      await app.listen({ port, host });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
        throw error;
      }
      if (Date.now() >= deadline) {
        throw new PortInUseError(
          `Port ${port} on ${host} is in use by another program (another Formbridge still ` +
            `running?). Stop it or set PORT to a free port.`,
        );
      }
      if (!warned) {
        app.log.warn(`Port ${port} on ${host} is in use; waiting for it to be freed`);
        warned = true;
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 500));
    }
  }
}

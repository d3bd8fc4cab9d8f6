import type { FastifyInstance } from 'fastify';

/** How long a client is told to wait after a timed-out request. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Answers 503 with `Retry-After` when a request has no answer after `seconds`, so a stuck handler
 * never leaves a client waiting forever. Responses that already started (downloads, event
 * streams) are left alone; the handler's late result is dropped. 0 turns the timeout off.
 */
export function registerRequestTimeout(app: FastifyInstance, seconds: number): void {
  if (seconds <= 0) {
    return;
  }
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent || request.raw.socket.destroyed) {
        return;
      }
      request.log.warn({ seconds }, 'request timed out');
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('connection', 'close')
        .send({
          detail: `The server could not answer within ${seconds} seconds. Please try again later.`,
        });
    }, seconds * 1000);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}

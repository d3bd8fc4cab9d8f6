// Keeping the process alive through errors nobody caught.
//
// A library that rejects a promise nobody awaits, or throws from a timer, would end Node and
// every user's requests with it. Instead the error is logged and, when it happened while serving
// a request, that one request is answered 500 with the generic detail. The request is found with
// AsyncLocalStorage: Node runs both process handlers in the async context of the failing code
// (for a rejection, the context the promise was created in).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

type Scope = { reply: FastifyReply };

const requestScope = new AsyncLocalStorage<Scope>();
let fallbackLog: Pick<FastifyBaseLogger, 'error'> | undefined;
let isInstalled = false;

/** Runs every request of `app` (hooks, handler, everything it starts) inside its own scope. */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    requestScope.run({ reply }, done);
  });
}

function answerInFlight(error: unknown, kind: string): void {
  const scope = requestScope.getStore();
  const log = scope?.reply.log ?? fallbackLog;
  if (log) {
    log.error({ err: error, kind }, 'error escaped every handler; the process keeps running');
  } else {
    console.error(`${kind}: error escaped every handler; the process keeps running`, error);
  }
  const reply = scope?.reply;
  if (!reply || reply.sent || reply.raw.headersSent || reply.raw.destroyed) {
    return;
  }
  try {
    void reply.status(500).send({ detail: 'Internal server error' });
  } catch (sendError) {
    log?.error({ err: sendError }, 'could not answer the request after an escaped error');
  }
}

/**
 * Installs the `unhandledRejection` and `uncaughtException` handlers (once per process; later
 * calls only replace the logger used for errors outside any request).
 */
export function installProcessGuards(log: Pick<FastifyBaseLogger, 'error'>): void {
  fallbackLog = log;
  if (isInstalled) {
    return;
  }
  isInstalled = true;
  process.on('unhandledRejection', (reason) => answerInFlight(reason, 'unhandledRejection'));
  process.on('uncaughtException', (error) => answerInFlight(error, 'uncaughtException'));
}

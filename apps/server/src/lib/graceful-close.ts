import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish once in-flight requests are answered. Fastify closes the connections
 * that are idle when close starts (`forceCloseConnections: 'idle'`), but a keep-alive connection
 * still busy with a response (a download, say) went idle only afterwards and then held close for
 * the keep-alive timeout (72 s). From close on, every response says `Connection: close` and its
 * connection ends once the response is out.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing && !reply.raw.headersSent) {
      reply.header('connection', 'close');
    }
  });
  app.addHook('onResponse', async (request) => {
    if (isClosing) {
      request.raw.socket.destroySoon();
    }
  });
}

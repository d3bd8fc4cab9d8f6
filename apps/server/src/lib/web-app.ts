import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app from the same origin as the API. Hashed assets are cached for a year;
 * index.html never, so a deploy is picked up on the next navigation. Unknown non-API paths get
 * index.html and the client router decides (it sends unknown routes to /).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasWebApp && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // Send without returning the reply: a returned reply is awaited as a thenable, and each await
    // adds a 'close' listener to the response (MaxListenersExceededWarning on every page load).
    if (!isApi && wantsPage && hasWebApp) {
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    void reply.status(404).send({ detail: 'Not Found' });
  });
}

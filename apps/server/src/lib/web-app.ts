import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { embeddedPageCsp } from './embed.ts';

/**
 * Serves the built web app from the same origin as the API. Hashed assets are cached for a year;
 * index.html never, so a deploy is picked up on the next navigation. Unknown non-API paths get
 * index.html and the client router decides (it sends unknown routes to /).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  /** For an embedded public page, the origins its link lets frame it (null: not one). */
  frameOrigins: (url: string) => Promise<string[] | null> = async () => null,
) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasWebApp && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        if (path.basename(filePath) === 'embed.js') {
          // Loaded by other sites' pages, next to the iframe it sizes.
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  async function sendPage(url: string, reply: FastifyReply): Promise<void> {
    const origins = await frameOrigins(url).catch(() => []);
    if (origins !== null) {
      // An embedded form: only the sites its link allows may frame it (CSP wins over XFO, but
      // an old browser honouring only X-Frame-Options would refuse every other site anyway).
      reply.raw.setHeader('content-security-policy', embeddedPageCsp(origins));
      reply.raw.removeHeader('x-frame-options');
    }
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // Send without returning the reply: a returned reply is awaited as a thenable, and each await
    // adds a 'close' listener to the response (MaxListenersExceededWarning on every page load).
    if (!isApi && wantsPage && hasWebApp) {
      void sendPage(request.url, reply);
      return;
    }
    void reply.status(404).send({ detail: 'Not Found' });
  });
}

import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { completeOpenApi } from './openapi-complete.ts';

/** OpenAPI generated from the routes' zod schemas: /api/openapi.json and browsable /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Formbridge API',
        description: 'Intelligent PDF Form Field Mapping and Data Integration',
        version: '1.0.0',
      },
      // Relative: "Try it out" calls whatever host the page was opened on.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A sign-in session token (JWT, from /api/v1/auth/login) or an API token ' +
              '(`fbt_…`, made by a workspace Admin): a token acts in its own workspace with its ' +
              'role (Editor or Viewer) and is refused by Admin, account and admin routes (403).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? completeOpenApi(documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

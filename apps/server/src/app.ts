import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@formbridge/contract/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import type { AppContext } from './lib/context.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { LoginThrottle, type LoginThrottleOptions } from './lib/login-throttle.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { createUrlSigner } from './lib/signed-urls.ts';
import { clearStorageTemp, createLocalStorage } from './lib/storage/local-storage.ts';
import { createTokenService, loadJwtSecret } from './lib/tokens.ts';
import { registerWebApp } from './lib/web-app.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import {
  fileDownloadRoutes,
  recordFileRoutes,
} from './modules/record-files/record-files.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { mappingsRoutes } from './modules/mappings/mappings.routes.ts';

export type BuildOptions = {
  loginThrottle?: LoginThrottleOptions;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
};

export type BuiltApp = { app: FastifyInstance; ctx: AppContext };

/** Builds the whole app (database migrated, routes, web) without listening: tests use it in-process. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);

  const database = await openDatabase(config);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db, config.databaseUrl ? config.databaseSchema : undefined);

  await clearStorageTemp(config.dataDir);
  const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    tokens: createTokenService(secret, config.jwtLifetimeSeconds),
    loginThrottle: new LoginThrottle(options.loginThrottle),
    storage: createLocalStorage(config.dataDir),
    signer: createUrlSigner(secret),
    mailer: createMailer(config, app.log),
  };
  app.addHook('onClose', () => ctx.mailer.close());

  registerErrorHandling(app);
  await app.register(formbody);
  await app.register(multipart, {
    // Uploads stop at the limit while streaming; nothing past it is held in memory.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });
  await registerOpenApi(app, config.publicUrl);
  await app.register(healthRoutes(ctx), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api/v1/auth' });
  await app.register(templatesRoutes(ctx), { prefix: '/api/v1/pdf-templates' });
  await app.register(tablesRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  await app.register(mappingsRoutes(ctx), { prefix: '/api/v1/field-mappings' });
  await app.register(recordsRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  await app.register(importsRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  // The spec's client uploads to /files/...; the same routes live under /api/v1/files too.
  await app.register(recordFileRoutes(ctx), { prefix: '/files' });
  await app.register(recordFileRoutes(ctx), { prefix: '/api/v1/files' });
  await app.register(fileDownloadRoutes(ctx), { prefix: '/api/v1/files' });
  await registerWebApp(app, config.webDist);
  return { app, ctx };
}

import fs from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '@formbridge/contract/audit';
import { MAX_UPLOAD_BYTES } from '@formbridge/contract/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import type { AppContext } from './lib/context.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { registerGracefulClose } from './lib/graceful-close.ts';
import { registerRequestScope } from './lib/process-guards.ts';
import { registerInputGuards } from './lib/input-guards.ts';
import { API_TOKEN_RATE_LIMIT_DEFAULT } from '@formbridge/contract/api-tokens';
import { registerRouteAuth, type RouteAuthEntry } from './lib/route-auth.ts';
import { registerIdempotency } from './lib/idempotency/idempotency.ts';
import { collectRouteResponses, type RouteResponseEntry } from './lib/route-responses.ts';
import { registerRequestTimeout } from './lib/request-timeout.ts';
import { createPdfSandbox } from './lib/pdf-sandbox/sandbox-pool.ts';
import { createSuggestPool } from './lib/suggest-pool/suggest-pool.ts';
import { createDbCounterStore, createMemoryCounterStore } from './lib/fixed-window-counter.ts';
import { LoginThrottle, type LoginThrottleOptions } from './lib/login-throttle.ts';
import { MailQuota } from './lib/mail-quota.ts';
import { PublicRateLimit, type PublicRateLimitOptions } from './lib/public-rate-limit.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { registerProxyTrustWarning } from './lib/proxy-trust-warning.ts';
import { serializeRequest } from './lib/redact-url.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { createUrlSigner } from './lib/signed-urls.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { clearStorageTemp } from './lib/storage/local-storage.ts';
import { startFileSweeper } from './ops/file-sweep.ts';
import { createTokenService, loadJwtSecret } from './lib/tokens.ts';
import { embedFrameOrigins } from './lib/embed.ts';
import { registerWebApp } from './lib/web-app.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { startFormScriptSweep } from './modules/completed-forms/completed-forms.script-sweep.ts';
import { startScriptSweep } from './modules/templates/templates.script-sweep.ts';
import { templateRevisionsRoutes } from './modules/templates/templates.revisions.routes.ts';
import { dropMappingsOfGoneFields, revisionMappings } from './modules/mappings/mappings.public.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { fileDownloadRoutes } from './modules/record-files/record-files.routes.ts';
import { recordFileRoutes } from './modules/records/records.files.routes.ts';
import { createRecordsReader } from './modules/records/records.reader.ts';
import { recordHistoryRoutes } from './modules/records/records.history.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { tableSchemaRoutes } from './modules/table-schema/table-schema.routes.ts';
import { mappingsRoutes } from './modules/mappings/mappings.routes.ts';
import { tableFromFormRoutes } from './modules/mappings/mappings.table-from-form.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes.ts';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
} from './modules/webhooks/webhooks.dispatcher.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { mappingPreviewRoutes } from './modules/mapping-preview/mapping-preview.routes.ts';
import { completedFormsRoutes } from './modules/completed-forms/completed-forms.routes.ts';
import { generationRoutes } from './modules/generation/generation.routes.ts';
import { createGenerationRuntime } from './modules/generation/generation-runtime.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { trashRoutes } from './modules/trash/trash.routes.ts';
import { dataLinkRoutes } from './modules/data-links/data-links.routes.ts';
import { publicDataFormRoutes } from './modules/public-data-forms/public-data-forms.routes.ts';
import { createLinkGenerator } from './modules/public-forms/public-forms.generate.ts';
import {
  publicFormLinkRoutes,
  publicFormRoutes,
} from './modules/public-forms/public-forms.routes.ts';

export type BuildOptions = {
  loginThrottle?: LoginThrottleOptions;
  /** Limits on writes through public links (tests lower them). */
  publicRateLimit?: PublicRateLimitOptions;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
};

// A hop count trusts the nearest `hops` proxies (what Fastify does with a number at run time).
function toFastifyTrustProxy(
  value: TrustProxy,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') {
    return (_address, hop) => hop < value;
  }
  return Array.isArray(value) ? value.join(',') : value;
}

export type BuiltApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every module route and who may call it (lib/route-auth.ts). */
  routeAuth: readonly RouteAuthEntry[];
  /** Every module route's response schemas by status (lib/route-responses.ts). */
  routeResponses: readonly RouteResponseEntry[];
  /** Sends the webhook outbox; tests call `runOnce` instead of waiting for a poll. */
  webhooks: WebhookDispatcher;
};

/** Builds the whole app (database migrated, routes, web) without listening: tests use it in-process. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Signed download URLs and link tokens in query strings never reach the log.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // X-Forwarded-For counts only from configured proxies: otherwise any client could pick the
    // address that per-address limits (sign-in, public links, e-mail) count against.
    trustProxy: config.trustProxy === undefined ? false : toFastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Idle keep-alive connections end when close starts; busy ones when their response is out
    // (lib/graceful-close.ts), so shutdown never waits out a keep-alive timeout.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('tokenClaims', null);
  app.decorateRequest('workspaceAccess', null);
  app.decorateRequest('apiToken', null);

  // DATA_DIR holds the database, stored forms and the JWT secret: owner-only.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(config.dataDir, 0o700);
  const database = await openDatabase(config, app.log);
  app.addHook('onClose', () => database.close());
  const applied = await migrateToLatest(
    database.db,
    config.databaseUrl ? config.databaseSchema : undefined,
  );
  // An admin reading the log after an upgrade sees what changed in the database, by name.
  if (applied.length > 0) {
    app.log.info({ migrations: applied }, `Applied ${applied.length} database migration(s)`);
  }

  await clearStorageTemp(config.dataDir);
  const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const store = await createStorage(config);
  // Several instances share one PostgreSQL: limits count there so every instance sees the same.
  const counters =
    database.dialect === 'postgres'
      ? createDbCounterStore(database.db)
      : createMemoryCounterStore();
  app.addHook('onClose', () => store.close());
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    tokens: createTokenService(secret, config.jwtLifetimeSeconds),
    loginThrottle: new LoginThrottle(options.loginThrottle, counters),
    storage: store.storage,
    signer: createUrlSigner(secret),
    mailer: createMailer(
      {
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        publicUrl: config.publicUrl,
        from: config.mailFrom,
        replyTo: config.mailReplyTo,
        recipients: config.mailRecipients,
        ...(config.mailRetryDelaysMs ? { retryDelaysMs: config.mailRetryDelaysMs } : {}),
      },
      app.log,
    ),
    pdfSandbox: createPdfSandbox(),
    suggestPool: createSuggestPool(),
    mailQuota: new MailQuota(
      {
        messagesPerDay: config.mailMessagesPerDay ?? 50,
        recipientsPerDay: config.mailRecipientsPerDay ?? 200,
      },
      counters,
    ),
    apiTokens: {
      perMinute: config.apiTokenRateLimitPerMinute ?? API_TOKEN_RATE_LIMIT_DEFAULT,
      counters,
    },
  };
  app.addHook('preClose', () => ctx.pdfSandbox.close());
  app.addHook('preClose', () => ctx.suggestPool.close());
  app.addHook('onClose', () => ctx.mailer.close());
  // Files no row owns (a crash between storing a file and committing its row) are removed.
  const sweeper = startFileSweeper(ctx.db, ctx.storage, {
    graceMs: (config.fileSweepGraceSeconds ?? 3600) * 1000,
    auditRetentionDays: config.auditRetentionDays ?? AUDIT_RETENTION_DAYS_DEFAULT,
    log: app.log,
  });
  app.addHook('preClose', () => sweeper.stop());
  const generation = await createGenerationRuntime(ctx, app.log);
  // While fill workers run (a job), WAL checkpoints go to them: no thread of its own beside them.
  database.walCheckpointer?.setHost((settings) => generation.pool.checkpoint(settings));
  // preClose runs before in-flight requests are awaited: open event streams end, the running
  // job stops after its current form, and the workers go, all while the database is still open.
  app.addHook('preClose', () => generation.close());
  // Unfinished jobs are taken up once the start-up sweep has removed what their crashed run left
  // (a form stored but not recorded): the sweep never races a resumed job's fresh files.
  const generationStarted = sweeper.firstSweep
    .then(() => generation.start())
    .catch((error: unknown) => app.log.error({ err: error }, 'job queue start failed'));
  app.addHook('preClose', () => generationStarted);
  // Templates stored before uploads removed scripts are cleaned once (issue 35), by a process
  // that runs background work, after the start-up file sweep (never racing its removals).
  if ((config.role ?? 'all') !== 'web') {
    const scriptSweep = startScriptSweep(ctx, sweeper.firstSweep, app.log);
    app.addHook('preClose', () => scriptSweep.stop());
    // Then the completed forms made from them before fills removed scripts, live and trashed.
    const formScriptSweep = startFormScriptSweep(ctx, scriptSweep.done, app.log);
    app.addHook('preClose', () => formScriptSweep.stop());
  }
  // Webhook deliveries are sent by every process that runs queued work (not a web-only one).
  const webhooks = createWebhookDispatcher(ctx, app.log);
  if ((config.role ?? 'all') !== 'web') {
    webhooks.start();
  }
  app.addHook('preClose', () => webhooks.close());

  registerGracefulClose(app);
  registerRequestScope(app);
  registerErrorHandling(app);
  registerRequestTimeout(app, config.requestTimeoutSeconds ?? 60);
  registerInputGuards(app);
  if (!config.trustProxy) {
    registerProxyTrustWarning(app);
  }
  await registerSecurityHeaders(app);
  await app.register(formbody);
  await app.register(multipart, {
    // Uploads stop at the limit while streaming; nothing past it is held in memory.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });
  await registerOpenApi(app);
  const routeAuth = registerRouteAuth(app, ctx);
  registerIdempotency(app, ctx);
  const routeResponses = collectRouteResponses(app);
  await app.register(healthRoutes(ctx), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api/v1/auth' });
  await app.register(invitationRoutes(ctx), { prefix: '/api/v1/invitations' });
  await app.register(adminRoutes(ctx), { prefix: '/api/v1/admin' });
  await app.register(workspaceRoutes(ctx), { prefix: '/api/v1/workspaces' });
  await app.register(templatesRoutes(ctx, dropMappingsOfGoneFields), {
    prefix: '/api/v1/pdf-templates',
  });
  await app.register(templateRevisionsRoutes(ctx, revisionMappings), {
    prefix: '/api/v1/pdf-templates',
  });
  await app.register(tableFromFormRoutes(ctx), { prefix: '/api/v1/pdf-templates' });
  await app.register(tablesRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  await app.register(tableSchemaRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  await app.register(mappingsRoutes(ctx), { prefix: '/api/v1/field-mappings' });
  await app.register(recordsRoutes(ctx, createRecordsReader(ctx)), {
    prefix: '/api/v1/dynamic-tables',
  });
  await app.register(recordHistoryRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  await app.register(importsRoutes(ctx), { prefix: '/api/v1/dynamic-tables' });
  // The spec's client uploads to /files/...; the same routes live under /api/v1/files too.
  await app.register(recordFileRoutes(ctx), { prefix: '/files' });
  await app.register(recordFileRoutes(ctx), { prefix: '/api/v1/files' });
  await app.register(fileDownloadRoutes(ctx), { prefix: '/api/v1/files' });
  await app.register(generationRoutes(ctx, generation), { prefix: '/api/v1/completed-forms' });
  await app.register(completedFormsRoutes(generation.deps), { prefix: '/api/v1/completed-forms' });
  await app.register(jobsRoutes(ctx, generation), { prefix: '/api/v1/jobs' });
  await app.register(mappingPreviewRoutes(generation.deps), { prefix: '/api/v1/field-mappings' });
  // Public links: owner routes (one lives under /completed-forms/public-link) and visitor routes,
  // which share one rate limit so an address is counted across both kinds of form.
  const publicRateLimit = new PublicRateLimit(options.publicRateLimit, counters);
  const generateForLink = createLinkGenerator(generation.deps);
  await app.register(publicFormLinkRoutes(ctx), { prefix: '/api/v1' });
  await app.register(
    publicFormRoutes(ctx, { rateLimit: publicRateLimit, generate: generateForLink }),
    { prefix: '/api/v1/public-forms' },
  );
  await app.register(dataLinkRoutes(ctx), { prefix: '/api/v1/public-data-links' });
  await app.register(onboardingRoutes(ctx), { prefix: '/api/v1/onboarding' });
  await app.register(publicDataFormRoutes(ctx, { rateLimit: publicRateLimit }), {
    prefix: '/api/v1/public-data-forms',
  });
  await app.register(auditRoutes(ctx), { prefix: '/api/v1/workspaces' });
  await app.register(apiTokenRoutes(ctx), { prefix: '/api/v1/workspaces' });
  await app.register(trashRoutes(ctx), { prefix: '/api/v1/trash' });
  await app.register(webhookRoutes(ctx), { prefix: '/api/v1/workspaces' });
  await registerWebApp(app, config.webDist, (url) => embedFrameOrigins(ctx.db, url));
  return { app, ctx, routeAuth, routeResponses, webhooks };
}

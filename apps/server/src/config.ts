import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { API_TOKEN_RATE_LIMIT_DEFAULT } from '@formbridge/contract/api-tokens';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '@formbridge/contract/audit';
import { TRASH_RETENTION_DAYS_DEFAULT } from '@formbridge/contract/trash';
import type { S3StorageOptions } from './lib/storage/s3-storage.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(60),
  FILE_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).default(3600),
  ALLOW_SIGNUP: z
    .enum(['true', 'false', '1', '0'], 'ALLOW_SIGNUP must be true or false')
    .default('true'),
  MAIL_FROM: z.string().trim().min(3).optional(),
  MAIL_REPLY_TO: z.email('MAIL_REPLY_TO must be an e-mail address').optional(),
  MAIL_RECIPIENTS: z
    .enum(['separate', 'bcc'], 'MAIL_RECIPIENTS must be separate or bcc')
    .default('separate'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._/-]*$/, 'S3_PREFIX may hold letters, digits and . _ - / only')
    .optional(),
  TRUST_PROXY: z.string().optional(),
  MAIL_LIMIT_MESSAGES_PER_DAY: z.coerce.number().int().min(0).default(50),
  MAIL_LIMIT_RECIPIENTS_PER_DAY: z.coerce.number().int().min(0).default(200),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce
    .number('API_TOKEN_RATE_LIMIT_PER_MINUTE must be a whole number')
    .int('API_TOKEN_RATE_LIMIT_PER_MINUTE must be a whole number')
    .min(1, 'API_TOKEN_RATE_LIMIT_PER_MINUTE must be at least 1')
    .default(API_TOKEN_RATE_LIMIT_DEFAULT),
  JOB_QUEUE: z.enum(['pgboss', 'memory'], 'JOB_QUEUE must be pgboss or memory').optional(),
  ROLE: z.enum(['all', 'web', 'worker'], 'ROLE must be all, web or worker').default('all'),
  FILL_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number('AUDIT_RETENTION_DAYS must be a whole number of days')
    .int('AUDIT_RETENTION_DAYS must be a whole number of days')
    .min(1, 'AUDIT_RETENTION_DAYS must be at least 1')
    .default(AUDIT_RETENTION_DAYS_DEFAULT),
  TRASH_RETENTION_DAYS: z.coerce
    .number('TRASH_RETENTION_DAYS must be a whole number of days')
    .int('TRASH_RETENTION_DAYS must be a whole number of days')
    .min(1, 'TRASH_RETENTION_DAYS must be at least 1')
    .default(TRASH_RETENTION_DAYS_DEFAULT),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'], 'WEBHOOK_ALLOW_PRIVATE must be true or false')
    .default('false'),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Postgres schema to use instead of `public` (tests isolate themselves with it). */
  databaseSchema?: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtLifetimeSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Built web app to serve; absent in API-only tests. */
  webDist: string | undefined;
  /** A request without an answer after this long gets 503 + Retry-After; 0 = off (default 60). */
  requestTimeoutSeconds?: number;
  /**
   * Stored files no row owns are removed by the sweep (at start and hourly) once older than this
   * (default 3600): a younger one may be another instance's upload that is about to commit.
   */
  fileSweepGraceSeconds?: number;
  /** Whether anyone may register; invitations work either way (default true). */
  allowSignup?: boolean;
  /** Mail sender (`Name <address>` or an address); default `Formbridge <no-reply@PUBLIC_URL host>`. */
  mailFrom?: string | undefined;
  mailReplyTo?: string | undefined;
  /** `separate`: one message per recipient (default); `bcc`: one message, recipients in Bcc. */
  mailRecipients?: 'separate' | 'bcc';
  /** Waits between delivery attempts while the relay is down (tests shorten them). */
  mailRetryDelaysMs?: readonly number[];
  /** Where stored files live; local disk under DATA_DIR unless STORAGE=s3. */
  storage?: StorageConfig;
  /** Which proxies' X-Forwarded-For counts: none (default), a hop count, or addresses/CIDRs. */
  trustProxy?: TrustProxy;
  /** E-mails per user and per client address per day (default 50). */
  mailMessagesPerDay?: number;
  /** Requests one API token may make per minute (429 past it). */
  apiTokenRateLimitPerMinute?: number;
  /** Recipients over all e-mails per user and per client address per day (default 200). */
  mailRecipientsPerDay?: number;
  /** `pgboss`: durable queue in PostgreSQL (default there); `memory`: this process (SQLite default). */
  jobQueue?: JobQueueKind;
  /** `web` serves HTTP only, `worker` runs queued tasks only, `all` both (default). */
  role?: ProcessRole;
  /** Fill worker threads of this process (default: its cores, at most 4). */
  fillWorkers?: number;
  /** Audit events older than this many days are removed by the hourly sweep (default 365). */
  auditRetentionDays?: number;
  /** Deleted items stay in the trash this many days before the sweep purges them (default 30). */
  trashRetentionDays?: number;
  /** Webhook delivery: SSRF switch, timeouts and the retry schedule (tests shorten them). */
  webhooks?: WebhookConfig;
};

export type WebhookConfig = {
  /** Deliver to private, loopback and link-local addresses too (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** One attempt's limit, connection to last byte (default 10 s). */
  timeoutMs?: number;
  /** First retry after about this long, doubling each time (default 30 s). */
  retryBaseMs?: number;
  /** The longest wait between two attempts (default 1 h). */
  retryMaxMs?: number;
  /** A delivery still failing this long after its first attempt is given up (default 24 h). */
  giveUpAfterMs?: number;
  /** An endpoint failing without a success this long is paused (default 24 h). */
  pauseAfterMs?: number;
  /** How often the dispatcher looks for due deliveries (default 1 s). */
  pollMs?: number;
};

export type JobQueueKind = 'pgboss' | 'memory';
export type ProcessRole = 'all' | 'web' | 'worker';

/** The queue a config selects: pg-boss on PostgreSQL unless told otherwise, in-process on SQLite. */
export function jobQueueKind(config: Config): JobQueueKind {
  return config.jobQueue ?? (config.databaseUrl ? 'pgboss' : 'memory');
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);

/** The environment cannot be used as it is: start-up stops and a restart would not help. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    storage: storageConfig(e),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    jwtSecret: e.JWT_SECRET,
    jwtLifetimeSeconds: e.JWT_LIFETIME_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist(),
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    fileSweepGraceSeconds: e.FILE_SWEEP_GRACE_SECONDS,
    allowSignup: e.ALLOW_SIGNUP === 'true' || e.ALLOW_SIGNUP === '1',
    mailFrom: e.MAIL_FROM,
    mailReplyTo: e.MAIL_REPLY_TO,
    mailRecipients: e.MAIL_RECIPIENTS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mailMessagesPerDay: e.MAIL_LIMIT_MESSAGES_PER_DAY,
    mailRecipientsPerDay: e.MAIL_LIMIT_RECIPIENTS_PER_DAY,
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    ...queueConfig(e),
    fillWorkers: e.FILL_WORKERS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true' || e.WEBHOOK_ALLOW_PRIVATE === '1',
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
  };
}

function queueConfig(e: z.infer<typeof envSchema>): Pick<Config, 'jobQueue' | 'role'> {
  if (e.JOB_QUEUE === 'pgboss' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  JOB_QUEUE: pgboss needs DATABASE_URL');
  }
  const kind = e.JOB_QUEUE ?? (e.DATABASE_URL ? 'pgboss' : 'memory');
  // A web-only or worker-only process needs a queue the other processes share.
  if (e.ROLE !== 'all' && kind === 'memory') {
    throw new ConfigError(
      'Invalid configuration:\n  ROLE: web and worker need the shared queue (DATABASE_URL, JOB_QUEUE=pgboss)',
    );
  }
  return { jobQueue: kind, role: e.ROLE };
}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE === 'local') {
    return { kind: 'local' };
  }
  if (!e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // Any endpoint other than AWS is almost always path-style (MinIO, Ceph, s3rver).
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? e.S3_FORCE_PATH_STYLE === 'true'
      : Boolean(e.S3_ENDPOINT),
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/+$/, '')}/` : undefined,
  };
}

export type TrustProxy = false | number | string[];

// Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty, "false" or "0" trusts nobody (X-Forwarded-For is ignored); a number
 * trusts that many proxy hops; otherwise a comma-separated list of proxy addresses or CIDRs.
 * "true" is refused: it would let any client choose its own address and escape per-address limits.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') {
    return false;
  }
  if (/^\d+$/.test(text)) {
    return Number(text);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyEntry(entry));
  if (invalid.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: expected a hop count or proxy addresses/CIDRs, got ${invalid.join(', ')}`,
    );
  }
  return entries;
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) {
    return true;
  }
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (version === 0 || rest.length > 0) {
    return false;
  }
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

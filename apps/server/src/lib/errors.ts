import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ValidationIssue } from '@formbridge/contract/errors';
import { ZodError } from 'zod';
import { drainRequestBody } from './drain-body.ts';
import { classifyStorageError } from './error-classes.ts';

/** The one error type of the app: thrown anywhere, turned into `{"detail": ...}` by the handler. */
export class AppError extends Error {
  readonly status: number;
  readonly detail: string | ValidationIssue[];
  readonly code: string | undefined;
  /** Close the connection after answering: the client is still sending a body we refuse to read. */
  readonly closeConnection: boolean;
  /** Seconds sent in `Retry-After` (every 429 and 503 carries one). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    detail: string | ValidationIssue[],
    code?: string,
    options: { closeConnection?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(typeof detail === 'string' ? detail : 'Validation failed');
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.closeConnection = options.closeConnection ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** 404 with the resource's name: the same answer for "missing" and "someone else's". */
export function notFound(what: string): AppError {
  return new AppError(404, `${what} not found`);
}

/** 422 in the list shape, for checks that run after schema validation. */
export function validationError(issues: Array<Omit<ValidationIssue, 'type'> & { type?: string }>) {
  return new AppError(
    422,
    issues.map((issue) => ({ ...issue, type: issue.type ?? 'value_error' })),
  );
}

// Fastify's own client errors, by code, with the status and message users see.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 422, detail: 'Request body is empty' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: 'File is too large' },
  FST_FILES_LIMIT: { status: 413, detail: 'Too many files in one request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    detail: 'Expected a multipart/form-data body',
  },
};

function toIssues(
  error: FastifyError & {
    validation: Array<{ instancePath: string; message?: string; keyword: string }>;
  },
  context: string | undefined,
): ValidationIssue[] {
  return error.validation.map((issue) => ({
    // JSON-pointer segments: array indices become numbers, as in the rule-based 422s.
    loc: [
      context ?? 'body',
      ...issue.instancePath
        .split('/')
        .filter(Boolean)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    ],
    msg: issue.message ?? 'Invalid value',
    type: issue.keyword,
  }));
}

function zodIssues(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    msg: issue.message,
    type: issue.code,
  }));
}

/**
 * True when nobody is left to answer: the socket closed or a reply already went out (the request
 * timeout may have answered first). A fully read request body alone does not count: Node destroys
 * the request stream after its end, while the client still waits for the answer.
 */
function isUnanswerable(request: FastifyRequest, reply: FastifyReply): boolean {
  return reply.sent || reply.raw.headersSent || request.raw.socket.destroyed;
}

/**
 * Before a 413 goes out, the rest of the refused body is read and dropped (up to a cap), so the
 * sender reads the JSON answer; past the cap, or when the thrower asked for it, the connection
 * closes after the answer.
 */
async function prepareTooLarge(
  request: FastifyRequest,
  reply: FastifyReply,
  closeConnection: boolean,
): Promise<void> {
  if (closeConnection || !(await drainRequestBody(request.raw))) {
    void reply.header('connection', 'close');
  }
}

// Every 429 and 503 says when to come back, even when the thrower did not.
const RETRY_AFTER_DEFAULTS: Record<number, number> = { 429: 60, 503: 30 };

/** `Retry-After` on every 429 and 503: the error's own seconds, else the status's default. */
function setRetryAfter(reply: FastifyReply, status: number, seconds?: number): void {
  const retryAfter = seconds ?? RETRY_AFTER_DEFAULTS[status];
  if (retryAfter !== undefined) {
    void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
  }
}

/** Installs the single error handler and the JSON 404 for unknown API routes. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (isUnanswerable(request, reply)) {
      request.log.info(
        { reason: error.message },
        'error after the request was answered or aborted',
      );
      return reply;
    }
    if (error instanceof AppError) {
      if (error.status === 413) {
        await prepareTooLarge(request, reply, error.closeConnection);
      } else if (error.closeConnection) {
        void reply.header('connection', 'close');
      }
      setRetryAfter(reply, error.status, error.retryAfterSeconds);
      const body = error.code
        ? { detail: error.detail, code: error.code }
        : { detail: error.detail };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      return reply.status(422).send({ detail: toIssues(error, context) });
    }
    if ((error as unknown) instanceof ZodError) {
      return reply.status(422).send({ detail: zodIssues(error as unknown as ZodError) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(422).send({
        detail: [{ loc: ['body'], msg: 'Malformed JSON in request body', type: 'json_invalid' }],
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      if (known.status === 413) {
        await prepareTooLarge(request, reply, false);
      }
      return reply.status(known.status).send({ detail: known.detail });
    }
    if (error.statusCode === 429) {
      setRetryAfter(reply, 429);
      return reply.status(429).send({ detail: error.message });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    if ((error as { code?: string }).code === 'ECONNRESET') {
      request.log.info({ reason: error.message }, 'client aborted the request');
      return reply;
    }
    const classified = classifyStorageError(error);
    if (classified) {
      request.log.warn({ err: error }, 'request failed on storage or database input');
      setRetryAfter(reply, classified.status);
      return reply.status(classified.status).send({ detail: classified.detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}

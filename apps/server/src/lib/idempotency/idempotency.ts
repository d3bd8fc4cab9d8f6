import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  isValidIdempotencyKey,
} from '@formbridge/contract/idempotency';
import type { AppContext } from '../context.ts';
import { currentUser } from '../current-user.ts';
import { AppError } from '../errors.ts';
import {
  claimKey,
  deleteExpiredKeys,
  findKey,
  releaseKey,
  saveAnswer,
  takeOverKey,
  type KeyRef,
} from './idempotency-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that starts work: an `Idempotency-Key` makes its retries answer the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds until its answer is stored. */
    idempotencyClaim?: KeyRef;
  }
}

const TTL_MS = IDEMPOTENCY_TTL_HOURS * 3600 * 1000;
// A key without an answer this long after its request started was left by a crash or a lost
// request; a retry then runs it again. Longer than any request may take (the 60 s timeout).
const ABANDONED_MS = 10 * 60 * 1000;

const keyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .describe(
      `Optional. A retry with the same key within ${IDEMPOTENCY_TTL_HOURS} h gets the first ` +
        'answer (status and body, header Idempotent-Replayed: true) and starts nothing again; ' +
        'the same key with another body is 422; while the first is still running, 409.',
    ),
});

function hashRequest(request: FastifyRequest): string {
  // Uploads are streamed by their handler: their length stands for their body (a retry sends
  // the same bytes; the multipart boundary of a client keeps its length).
  const body = request.isMultipart()
    ? { multipart_length: request.headers['content-length'] ?? null }
    : (request.body ?? null);
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([request.method, request.url, body]))
    .digest('hex');
}

function readKey(request: FastifyRequest): string | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) {
    return undefined;
  }
  if (typeof key !== 'string' || !isValidIdempotencyKey(key)) {
    throw new AppError(422, [
      {
        loc: ['headers', IDEMPOTENCY_KEY_HEADER],
        msg: IDEMPOTENCY_MESSAGES.invalidKey,
        type: 'value_error',
      },
    ]);
  }
  return key;
}

/**
 * Claims the key for this request, or answers with the first request's stored answer; 422 when
 * the key was used for another request, 409 while the first is still being answered.
 */
async function checkKey(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const key = readKey(request);
  if (key === undefined) {
    return undefined;
  }
  const ref = { userId: currentUser(request).id, key };
  const requestHash = hashRequest(request);
  const now = new Date();
  const claim = {
    requestHash,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + TTL_MS).toISOString(),
  };
  await deleteExpiredKeys(ctx.db, ref.userId, claim.now);
  if (await claimKey(ctx.db, ref, claim)) {
    request.idempotencyClaim = ref;
    return undefined;
  }
  const row = await findKey(ctx.db, ref);
  if (row && row.request_hash !== requestHash) {
    throw new AppError(422, IDEMPOTENCY_MESSAGES.reused, 'idempotency_key_reused');
  }
  if (row && row.status !== null) {
    return reply
      .status(row.status)
      .type(row.content_type ?? 'application/json; charset=utf-8')
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .send(row.response ?? '');
  }
  const isAbandoned = row && now.getTime() - Date.parse(row.created_at) > ABANDONED_MS;
  if (row && isAbandoned && (await takeOverKey(ctx.db, ref, row.created_at, claim))) {
    request.idempotencyClaim = ref;
    return undefined;
  }
  throw new AppError(409, IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_key_in_progress', {
    retryAfterSeconds: 5,
  });
}

async function readPayload(payload: unknown): Promise<string | Buffer | null> {
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    }
    return Buffer.concat(chunks);
  }
  return typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
}

/**
 * Stores a 2xx answer under the request's key (a streamed answer is read whole first: a
 * finished job's result, a few MB at most); forgets the key after a refusal, so a corrected
 * retry runs. A 503 keeps it claimed: the work may still be going on behind a timed-out request.
 */
async function storeAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const ref = request.idempotencyClaim;
  if (!ref) {
    return payload;
  }
  request.idempotencyClaim = undefined;
  const status = reply.statusCode;
  try {
    if (status >= 200 && status < 300) {
      const body = await readPayload(payload);
      const contentType = String(reply.getHeader('content-type') ?? 'application/json');
      const response = body === null ? '' : body.toString('utf8');
      await saveAnswer(ctx.db, ref, { status, contentType, response });
      return body;
    }
    if (status !== 503) {
      await releaseKey(ctx.db, ref);
    }
  } catch (error) {
    request.log.error({ err: error }, 'could not store the answer of an idempotent request');
  }
  return payload;
}

/**
 * Makes every route with `config.idempotent` honour `Idempotency-Key` (documented on the route's
 * headers): the key is checked after auth and body validation, the answer stored as it is sent.
 * Call before the routes are registered.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) {
      return;
    }
    const schema = route.schema ?? {};
    const headers = schema.headers instanceof z.ZodObject ? schema.headers : undefined;
    route.schema = { ...schema, headers: headers ? headers.extend(keyHeader.shape) : keyHeader };
    const preHandlers = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...preHandlers, (request, reply) => checkKey(ctx, request, reply)];
    const onSends = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [
      ...onSends,
      (request, reply, payload: unknown) => storeAnswer(ctx, request, reply, payload),
    ];
  });
}

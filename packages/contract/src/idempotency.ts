// Idempotent POSTs (issue 35): every POST that starts work (generation single, bulk and
// multi-template, e-mail, import) takes an `Idempotency-Key`; a retry with the same key by the
// same user gets the first answer and starts nothing again.

/** The request header, lower-cased as HTTP/2 and Node read it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** How long a key is remembered after its first request. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The longest key accepted (a UUID is 36 characters). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Header on an answer that repeats the first request's answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
  reused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress:
    'A request with this Idempotency-Key is still being answered. Try again in a few seconds to get its answer.',
} as const;

/** 1–255 visible ASCII characters (no spaces or controls): what a generated key looks like. */
export function isValidIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key);
}

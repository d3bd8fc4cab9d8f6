import crypto from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/**
 * The `Formbridge-Signature` header of a body sent at `timestampSeconds`:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, the scheme payment APIs use, so
 * a receiver can refuse replays by the time and forgeries by the MAC.
 */
export function signWebhookBody(secret: string, timestampSeconds: number, body: string): string {
  const mac = crypto
    .createHmac('sha256', secret)
    .update(`${timestampSeconds}.${body}`)
    .digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

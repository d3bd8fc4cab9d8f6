import type { FastifyRequest } from 'fastify';

// Query parameters that grant access on their own: a logged signed URL would still open the file
// for up to an hour, a public-link token for good, an invitation (`invite`) a sign-up.
const SECRET_PARAMS = /([?&](?:signature|token|access_token|invite)=)[^&#]*/gi;

/** The URL with the values of signature/token/invite parameters replaced by `[redacted]`. */
export function redactSignedUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSignedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Content-Security-Policy for the web app, Swagger UI and the pdf.js worker: everything from this
 * origin only. Inline styles are allowed (React style props, react-select, toasts); pdf.js needs
 * `blob:`/`data:` for fonts and images and WebAssembly for some image codecs; downloads use blob
 * URLs. No inline or eval'd script.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Helmet adds upgrade-insecure-requests by default, which breaks plain-HTTP installs
  // (localhost, a private network); TLS belongs to the reverse proxy.
  upgradeInsecureRequests: null,
};

/** The headers helmet sets with these options, worked out once. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Signed download URLs are opened and embedded from this origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every response: CSP (above), frame-ancestors/X-Frame-Options same-origin,
 * `Referrer-Policy: same-origin` (signed file URLs never leave in a Referer), nosniff, no
 * cross-origin opener. HSTS stays with the TLS-terminating proxy (docs/deploy.md).
 * The headers are the same for every response, so they are computed once: @fastify/helmet built
 * helmet again (parsing the CSP) for every request, ~9 % of a kept records page's server CPU.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = Object.entries(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet did: hijacked replies (job events) write their own head.
    for (const [name, value] of headers) {
      reply.raw.setHeader(name, value);
    }
    done();
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/**
 * Security headers on every response: CSP (above), frame-ancestors/X-Frame-Options same-origin,
 * `Referrer-Policy: same-origin` (signed file URLs never leave in a Referer), nosniff, no
 * cross-origin opener. HSTS stays with the TLS-terminating proxy (docs/deploy.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Signed download URLs are opened and embedded from this origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
}

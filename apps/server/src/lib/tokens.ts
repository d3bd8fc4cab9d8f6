import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

/** What a valid token names: the account and the sign-in session (`jti`) it belongs to. */
export type TokenClaims = { userId: string; sessionId: string };

export type TokenService = {
  issue: (claims: TokenClaims) => Promise<string>;
  /** The claims of a valid token, or null when it is invalid or expired. */
  verify: (token: string) => Promise<TokenClaims | null>;
};

/**
 * JWT_SECRET when set; otherwise a secret generated once and kept in DATA_DIR (mode 0600), so
 * tokens survive restarts without anyone having to configure a secret.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) {
    return new TextEncoder().encode(configured);
  }
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

// How many verified tokens are remembered (the oldest goes when full); a few hundred bytes each.
const VERIFIED_TOKENS_KEPT = 1000;

type VerifiedToken = TokenClaims & { expiresAt: number; notBefore: number | undefined };

/**
 * HS256 tokens carrying `sub` (user id), `jti` (session id) and `exp`. A verified token is
 * remembered by its exact text: a client sends the same token with every request, and the HMAC
 * check was ~5 % of a records page's server time. Remembering covers only the signature: a
 * remembered token still meets the clock on every use (`exp` and `nbf`, as jose checks them), and
 * the caller looks up its session and account in the database on every request, so sign-out,
 * "sign out everywhere", a disabled or deleted account take effect at once on every server
 * process sharing that database.
 */
export function createTokenService(secret: Uint8Array, lifetimeSeconds: number): TokenService {
  const verified = new Map<string, VerifiedToken>();
  const isInTime = (token: VerifiedToken) => {
    const now = Math.floor(Date.now() / 1000);
    return token.expiresAt > now && (token.notBefore === undefined || token.notBefore <= now);
  };
  const remember = (token: string, entry: VerifiedToken) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      verified.delete(verified.keys().next().value as string);
    }
    verified.set(token, entry);
  };
  return {
    issue: ({ userId, sessionId }) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(secret),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        return isInTime(known) ? { userId: known.userId, sessionId: known.sessionId } : null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          // A token without an expiry would be valid forever: refused, though none is issued.
          // A token from before sessions existed (no `jti`) cannot be revoked: refused.
          requiredClaims: ['exp', 'sub', 'jti'],
        });
        const { sub, jti, exp, nbf } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') {
          return null;
        }
        const claims = { userId: sub, sessionId: jti };
        remember(token, { ...claims, expiresAt: exp, notBefore: nbf });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

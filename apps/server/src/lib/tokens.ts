import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export type TokenService = {
  issue: (userId: string) => Promise<string>;
  /** The user id of a valid token, or null when it is invalid or expired. */
  verify: (token: string) => Promise<string | null>;
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

type VerifiedToken = { userId: string; expiresAt: number; notBefore: number | undefined };

/**
 * HS256 tokens carrying `sub` (user id) and `exp`. A verified token is remembered by its exact
 * text: a client sends the same token with every request, and the HMAC check was ~5 % of a
 * records page's server time. A remembered token still meets the clock on every use (`exp` and
 * `nbf`, as jose checks them), and what it names is still looked up by the caller each time, so
 * a deleted account loses access at once. Nothing revokes a token server-side (sign-out forgets it
 * in the browser), so remembering changes no answer.
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
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(secret),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        return isInTime(known) ? known.userId : null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          // A token without an expiry would be valid forever: refused, though none is issued.
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
          return null;
        }
        remember(token, { userId: payload.sub, expiresAt: payload.exp, notBefore: payload.nbf });
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}

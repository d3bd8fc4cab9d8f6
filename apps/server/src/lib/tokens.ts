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

/** HS256 tokens carrying `sub` (user id) and `exp`. */
export function createTokenService(secret: Uint8Array, lifetimeSeconds: number): TokenService {
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(secret),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          // A token without an expiry would be valid forever: refused, though none is issued.
          requiredClaims: ['exp', 'sub'],
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

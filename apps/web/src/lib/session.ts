import { readStored, removeStored, writeStored } from './local-store';

/** Where the session token lives (spec §9). */
export const TOKEN_KEY = 'token';

export type TokenClaims = { sub: string; exp: number };

export function readToken(): string | null {
  return readStored(TOKEN_KEY);
}

export function storeToken(token: string): void {
  writeStored(TOKEN_KEY, token);
}

export function clearToken(): void {
  removeStored(TOKEN_KEY);
}

/** The e-mail of the last sign-in on this browser: kept after logout, for the next sign-in. */
const LAST_EMAIL_KEY = 'last-email';

export function readLastEmail(): string {
  return readStored(LAST_EMAIL_KEY) ?? '';
}

export function storeLastEmail(email: string): void {
  writeStored(LAST_EMAIL_KEY, email);
}

/** Reads `sub` and `exp` without verifying (the server verifies); null when undecodable. */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) {
    return null;
  }
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null) {
      return null;
    }
    const { sub, exp } = claims as { sub?: unknown; exp?: unknown };
    return typeof sub === 'string' && typeof exp === 'number' ? { sub, exp } : null;
  } catch {
    return null;
  }
}

/** Expiry compared with the current time in seconds (spec §9). */
export function isTokenExpired(claims: TokenClaims, nowSeconds = Date.now() / 1000): boolean {
  return claims.exp <= nowSeconds;
}

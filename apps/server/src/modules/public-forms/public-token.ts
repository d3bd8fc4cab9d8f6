import crypto from 'node:crypto';

/**
 * A public link token: 192 random bits, base64url (32 characters), so it fits in a URL as is and
 * cannot be guessed or enumerated (contract.md asks for at least 128 bits).
 */
export function createPublicToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

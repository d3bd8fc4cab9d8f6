import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's 19 MiB / t=2 profile: about 8 ms a hash on this hardware.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id (memory-hard). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password; a malformed stored hash counts as a mismatch, never a crash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check so unknown e-mails can't be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('formbridge-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

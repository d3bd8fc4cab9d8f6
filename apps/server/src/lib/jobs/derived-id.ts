import crypto from 'node:crypto';

/**
 * A UUID-shaped id that is the same every time for the same parts: a retried task that makes the
 * "same" thing (the form of record R in job J) gets the same row id and storage key, so the retry
 * overwrites instead of adding a second copy. Version nibble 8 (custom), RFC 4122 variant.
 */
export function derivedId(...parts: string[]): string {
  const hex = crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

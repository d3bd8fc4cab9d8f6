/** A record's `ETag` (and the `If-Match` a client sends back): its version, quoted. */
export function formatRecordEtag(version: number): string {
  return `"${version}"`;
}

/** What an `If-Match` header asks for: any current record (`*`) or one of these versions. */
export type IfMatch =
  { kind: 'any' } | { kind: 'versions'; versions: number[] } | { kind: 'invalid' };

const TAG = /^(?:W\/)?"(\d{1,15})"$|^(\d{1,15})$/;

/**
 * Reads `If-Match`: `*`, or a comma-separated list of `"<version>"` tags. A weak `W/"3"` counts
 * as `"3"` (proxies such as nginx weaken ETags when they compress an answer) and a bare `3` is
 * taken as `"3"`; anything else is invalid.
 */
export function parseIfMatch(header: string): IfMatch {
  const parts = header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 1 && parts[0] === '*') {
    return { kind: 'any' };
  }
  const versions: number[] = [];
  for (const part of parts) {
    const match = TAG.exec(part);
    const digits = match?.[1] ?? match?.[2];
    if (digits === undefined) {
      return { kind: 'invalid' };
    }
    versions.push(Number(digits));
  }
  return versions.length > 0 ? { kind: 'versions', versions } : { kind: 'invalid' };
}

import { describe, expect, it } from 'vitest';
import { formatRecordEtag, parseIfMatch } from './record-etag.ts';

describe('record ETags', () => {
  it('quotes the version', () => {
    expect(formatRecordEtag(3)).toBe('"3"');
  });

  it.each([
    ['*', { kind: 'any' }],
    ['"3"', { kind: 'versions', versions: [3] }],
    ['W/"3"', { kind: 'versions', versions: [3] }],
    ['3', { kind: 'versions', versions: [3] }],
    [' "2", "4" ', { kind: 'versions', versions: [2, 4] }],
    ['', { kind: 'invalid' }],
    ['latest', { kind: 'invalid' }],
    ['"3", *', { kind: 'invalid' }],
    ['"-1"', { kind: 'invalid' }],
  ])('reads If-Match %j', (header, expected) => {
    expect(parseIfMatch(header)).toEqual(expected);
  });
});

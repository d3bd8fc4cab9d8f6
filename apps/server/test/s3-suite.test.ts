import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertS3SuiteLists, NOT_ON_S3, S3_SUITE } from './s3-suite.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

describe('the files `npm run test:s3` repeats on S3 storage', () => {
  it('names only test files that exist, each in one list', () => {
    const listed = [...S3_SUITE, ...Object.keys(NOT_ON_S3)];
    // A renamed file left here would drop out of the S3 run without a sound.
    expect(listed.filter((file) => !fs.existsSync(path.join(SERVER_ROOT, file)))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('fails a test file that stored files and is in neither list', () => {
    const unlisted = path.join(SERVER_ROOT, 'src/modules/new-feature/new-feature.test.ts');
    expect(() => assertS3SuiteLists(unlisted)).toThrow(
      /new-feature\.test\.ts stores files but is in neither list/,
    );
    expect(() => assertS3SuiteLists(path.join(SERVER_ROOT, S3_SUITE[0]!))).not.toThrow();
    const exempt = Object.keys(NOT_ON_S3)[0]!;
    expect(() => assertS3SuiteLists(path.join(SERVER_ROOT, exempt))).not.toThrow();
  });
});

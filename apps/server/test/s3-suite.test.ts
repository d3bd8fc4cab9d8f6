import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertS3SuiteLists, NOT_ON_S3, S3_SUITE, STORES_NO_FILES } from './s3-suite.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** The server's TypeScript files (tests, helpers, code), relative to apps/server with '/'. */
function serverFiles(): Set<string> {
  return new Set(
    ['src', 'test'].flatMap((dir) =>
      fs
        .readdirSync(path.join(SERVER_ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
    ),
  );
}

const CALLS_START = /\bstartTestApp\s*\(/;
// Static imports, re-exports and dynamic imports of a relative path.
const LOCAL_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.[^']+)'/g;

/**
 * The test files that start the app: calling `startTestApp` themselves or through a helper
 * they import (json-fuzz.test.ts through fuzz-json.ts). Read from the source, so a file that
 * starts its app only when TEST_DATABASE_URL is set counts without it.
 */
function appStartingTestFiles(): string[] {
  const files = serverFiles();
  const starts = new Map<string, boolean>();
  const startsApp = (file: string): boolean => {
    const known = starts.get(file);
    if (known !== undefined) {
      return known;
    }
    starts.set(file, false); // an import cycle adds nothing
    // The harness defines the helper: importing it for `createUser` starts nothing.
    if (file === 'test/harness.ts') {
      return false;
    }
    const source = fs.readFileSync(path.join(SERVER_ROOT, file), 'utf8');
    const imported = [...source.matchAll(LOCAL_IMPORT)]
      .map((match) => path.posix.join(path.posix.dirname(file), match[1] ?? ''))
      .filter((target) => files.has(target));
    const result = CALLS_START.test(source) || imported.some(startsApp);
    starts.set(file, result);
    return result;
  };
  return [...files].filter((file) => file.endsWith('.test.ts') && startsApp(file)).sort();
}

describe('the files `npm run test:s3` repeats on S3 storage', () => {
  const listed = [...S3_SUITE, ...Object.keys(NOT_ON_S3), ...STORES_NO_FILES];

  it('names only test files that exist, each in one list', () => {
    // A renamed file left here would drop out of the S3 run without a sound.
    expect(listed.filter((file) => !fs.existsSync(path.join(SERVER_ROOT, file)))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('has every test file that starts the app in a list, whatever the environment', () => {
    const unlisted = appStartingTestFiles().filter((file) => !listed.includes(file));
    expect(
      unlisted,
      `${unlisted.join(', ')} start the app but are in no list of apps/server/test/s3-suite.ts: ` +
        'add each to S3_SUITE if its app stores a file, to NOT_ON_S3 (with why) if only as ' +
        'set-up, or to STORES_NO_FILES',
    ).toEqual([]);
  });

  it('lists only test files that start the app', () => {
    const starting = appStartingTestFiles();
    expect(listed.filter((file) => !starting.includes(file))).toEqual([]);
  });

  it('fails a test file whose app stored files and is listed as storing none, or in no list', () => {
    const unlisted = path.join(SERVER_ROOT, 'src/modules/new-feature/new-feature.test.ts');
    expect(() => assertS3SuiteLists(unlisted)).toThrow(
      /new-feature\.test\.ts stores files but is in no list/,
    );
    const storesNone = path.join(SERVER_ROOT, STORES_NO_FILES[0]!);
    expect(() => assertS3SuiteLists(storesNone)).toThrow(/is listed in STORES_NO_FILES/);
    expect(() => assertS3SuiteLists(path.join(SERVER_ROOT, S3_SUITE[0]!))).not.toThrow();
    const exempt = Object.keys(NOT_ON_S3)[0]!;
    expect(() => assertS3SuiteLists(path.join(SERVER_ROOT, exempt))).not.toThrow();
  });
});

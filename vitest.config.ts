import { matchesGlob } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { S3_SUITE } from './apps/server/test/s3-suite.ts';

/** Server test files that share no module state between files, so they can share a process. */
const API_SUITES = [
  'src/modules/**/*.test.ts',
  'src/ops/**/*.test.ts',
  'src/lib/storage/**/*.test.ts',
  'src/lib/jobs/**/*.test.ts',
];

function serverProject(name: string, include: string[], exclude: string[], isolate: boolean) {
  // `npm run test:s3` repeats only the files whose apps store files (test/s3-suite.ts).
  const s3 = process.env.TEST_STORAGE === 's3';
  return {
    test: {
      name,
      root: 'apps/server',
      include: s3
        ? S3_SUITE.filter((file) => include.some((glob) => matchesGlob(file, glob)))
        : include,
      exclude: [...configDefaults.exclude, ...exclude],
      environment: 'node' as const,
      isolate,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// One Vitest run covers every workspace: pure rules, the API over real HTTP, and web components.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server', ['src/**/*.test.ts', 'test/**/*.test.ts'], API_SUITES, true),
      // The API suites build the same app in every file: one process imports it once for all of
      // them (isolate: false), which took 44 % less CPU than a fresh import per file (decisions.md).
      serverProject('server-api', API_SUITES, [], false),
      'apps/web/vitest.config.ts',
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { S3_SUITE } from './apps/server/test/s3-suite.ts';

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
      {
        test: {
          name: 'server',
          root: 'apps/server',
          // `npm run test:s3` repeats only the files whose apps store files (test/s3-suite.ts).
          include:
            process.env.TEST_STORAGE === 's3'
              ? [...S3_SUITE]
              : ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});

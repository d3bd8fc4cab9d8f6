import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CLOSED_ADMIN, CLOSED_PORT, CLOSED_SMTP_PORT, E2E_PORT as port } from './ports.ts';

const dataDir = path.join(os.tmpdir(), `formbridge-e2e-${process.pid}`);
const closedDataDir = `${dataDir}-closed`;

/**
 * Browser flows against the real app (built web + server on a fresh SQLite data dir) in Debian's
 * Chromium; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  // One browser at a time on CI's 2 cores: with two, pdf.js pages stopped painting in 3–4
  // journeys per run (canvas never shown, on Chromium 150 and 156 alike), while the same
  // journeys pass one at a time, and faster (docs/decisions.md).
  workers: process.env.CI ? 1 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Started one after the other; both serve the build `npm run test:e2e` made first (without it,
  // each would build its own into its DATA_DIR/web-dist).
  webServer: [
    {
      command: `rm -rf ${dataDir} && node --max-semi-space-size=2 ../scripts/start.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // The webhooks journey's receiver listens on loopback.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    },
    {
      // Sign-up closed, one account made from the shell, mail over SMTP to the journey's server.
      command:
        `rm -rf ${closedDataDir} && node ../scripts/create-user.ts ${CLOSED_ADMIN.email} && ` +
        'node --max-semi-space-size=2 ../scripts/start.ts',
      url: `http://127.0.0.1:${CLOSED_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(CLOSED_PORT),
        DATA_DIR: closedDataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        ALLOW_SIGNUP: 'false',
        SMTP_URL: `smtp://127.0.0.1:${CLOSED_SMTP_PORT}`,
        NEW_USER_PASSWORD: CLOSED_ADMIN.password,
      },
    },
  ],
});

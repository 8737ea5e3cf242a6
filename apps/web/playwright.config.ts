import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Browser journeys drive the real product: the built SPA served by the API, on a fresh embedded database.
const root = fileURLToPath(new URL('../..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database and mail folder per run, kept after it for inspection (the next run wipes it).
// The config is loaded again in every worker: the first load picks the folder, the workers inherit it.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = join(tmpdir(), `hls-e2e-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}
process.env.E2E_MAIL_DIR ??= join(process.env.E2E_DATA_DIR, 'mail');
process.env.E2E_BASE_URL = baseURL;

// The system Chromium; Playwright never downloads a browser here. Debian's `chromium-headless-shell` first: the
// same engine without the desktop browser's shell, as Playwright itself runs headless tests, and lighter on a
// busy machine; then the full `chromium`.
const chromium = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((path) => path && existsSync(path));
const launchOptions = {
  ...(chromium ? { executablePath: chromium } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Every journey on its own, in any worker: journeys share nothing but the demo catalogue (each makes accounts
  // of its own with uniqueEmail), so a file's journeys spread over the workers instead of queueing in one.
  fullyParallel: true,
  forbidOnly: ci,
  // Three at a time on the machine's two cores: a journey waits for the server, a mail or the page to settle much of
  // the time, and a third keeps the cores busy meanwhile. No retries: a journey that fails once is a defect to fix,
  // not to hide.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    // A failing journey keeps its trace: every action with the page's DOM before and after it, the network and
    // the console. Without the trace's screencast, which made the browser encode a picture of every frame of every
    // journey (a fifth of the suite's time for pictures of passing journeys); the failure's screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.mobile\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      testMatch: /\.mobile\.spec\.ts$/,
      use: {
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    // Builds the SPA when its sources changed, then starts the API exactly as `npm start` does.
    command: `"${process.execPath}" scripts/build-if-needed.mjs && "${process.execPath}" apps/api/src/server.ts`,
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      // Always the embedded database and the .eml transport, whatever the developer's shell exports.
      DATABASE_URL: '',
      SMTP_URL: '',
      DATA_DIR: process.env.E2E_DATA_DIR,
      MAIL_DIR: process.env.E2E_MAIL_DIR,
      WEB_DIST_DIR: join(root, 'apps/web/dist'),
      SEED_DEMO: 'true',
      JWT_SECRET: 'e2e-only-secret-not-for-production-0123456789abcdef',
      LOG_LEVEL: 'warn',
      // Journeys create many accounts and log in many times from one address within minutes.
      RATE_LIMIT_AUTH_MAX: '1000',
      // Two browsers report a page view at every navigation, from one address.
      RATE_LIMIT_PAGEVIEW_MAX: '10000',
      // The royalties journey moves the ledger's clock past the holds (POST /api/test/clock), and pays an author
      // the royalties of one order: a minimum within reach of two sales.
      TEST_CLOCK: 'true',
      PAYOUT_MINIMUM_EUR: '10',
    },
  },
});

// `npm test`: lint, format, type-check, unit/API tests, web build and browser tests, in that order.
// Every step runs (a failure never hides the others); the last line is CI's verdict: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
const e2eRequired = ci || process.env.E2E_REQUIRED === '1';
const tmp = mkdtempSync(join(tmpdir(), 'hls-test-'));
const startedAt = Date.now();

// Tools run on the Node that runs this script (see docs/decisions/0001-node-version.md), never on the system one.
const env = {
  ...process.env,
  PATH: [join(root, 'node_modules/.bin'), dirname(process.execPath), process.env.PATH].join(delimiter),
};
// A log file reads better without colour codes (picocolors colours as soon as CI or FORCE_COLOR is set).
if (!process.stdout.isTTY && !process.env.FORCE_COLOR) env.NO_COLOR = '1';

/** @type {{ name: string, status: 'ok' | 'FAIL' | 'SKIP', seconds: number, detail: string }[]} */
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function banner(title) {
  console.log(`\n${'='.repeat(100)}\n> ${title}\n${'='.repeat(100)}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Runs one step; `body` returns `{ ok, detail?, counts? }`. */
function step(name, body) {
  banner(name);
  const started = Date.now();
  let outcome;
  try {
    outcome = body();
  } catch (error) {
    console.error(error);
    outcome = { ok: false, detail: String(error) };
  }
  const seconds = (Date.now() - started) / 1000;
  const status = outcome.skipped ? 'SKIP' : outcome.ok ? 'ok' : 'FAIL';
  if (outcome.counts) {
    totals.passed += outcome.counts.passed;
    totals.failed += outcome.counts.failed;
    totals.skipped += outcome.counts.skipped;
  }
  // A failing check without test counts (lint, type-check, build, a runner that crashed) counts as one failure,
  // so the last line never reads "0 failed" on a red run.
  if (status === 'FAIL' && !(outcome.counts && outcome.counts.failed > 0)) totals.failed += 1;
  // Likewise a step skipped as a whole (browser tests without Chromium) shows in the verdict as one skipped.
  if (status === 'SKIP') totals.skipped += 1;
  results.push({ name, status, seconds, detail: outcome.detail ?? '' });
  return status;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countsText({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((path) => path && existsSync(path));
}

// 1. Static checks.
step('lint (eslint . --max-warnings 0)', () => ({ ok: run('eslint', ['.', '--max-warnings', '0']) === 0 }));
step('format (prettier --check .)', () => ({
  ok: run('prettier', ['--check', '.', '--log-level', 'warn']) === 0,
}));

// 2. Type-check, workspace by workspace.
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const workspace of rootPackage.workspaces ?? []) {
  const manifest = readJson(join(root, workspace, 'package.json'));
  if (!manifest?.scripts?.typecheck) continue;
  step(`typecheck ${manifest.name}`, () => ({
    ok: run('npm', ['run', 'typecheck', '--silent', '-w', manifest.name]) === 0,
  }));
}

// 3. Unit, API and web tests (vitest projects; the API adds a PostgreSQL project when TEST_DATABASE_URL is set).
step('unit, API and web tests (vitest run)', () => {
  const report = join(tmp, 'vitest.json');
  const status = run('vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const json = readJson(report);
  if (!json) return { ok: false, detail: 'vitest wrote no report' };
  // A test file that fails to load has no test results: it counts as one failure.
  const brokenFiles = (json.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults?.length,
  );
  const counts = {
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + brokenFiles.length,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
  let detail = countsText(counts);
  if (brokenFiles.length) detail += ` (${brokenFiles.length} file(s) failed to load)`;
  if (!process.env.TEST_DATABASE_URL) detail += ' [PGlite only: TEST_DATABASE_URL not set]';
  return { ok: status === 0 && counts.failed === 0, counts, detail };
});

// 4. Build the web app the browser tests (and `npm start`) serve.
const buildStatus = step('build web app (apps/web/dist)', () => ({
  ok: run('node', [join(root, 'scripts/build-if-needed.mjs')]) === 0,
}));

// 5. Browser journeys against the real product, in the system Chromium.
step('browser tests (playwright, apps/web/e2e)', () => {
  const chromium = findChromium();
  if (!chromium) {
    const lines = [
      'NO CHROMIUM FOUND: BROWSER TESTS ' + (e2eRequired ? 'ARE REQUIRED AND FAIL' : 'ARE SKIPPED'),
      'Looked at $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome.',
      'Install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH.',
    ];
    const width = Math.max(...lines.map((line) => line.length)) + 4;
    console.log(
      ['!'.repeat(width), ...lines.map((line) => `! ${line.padEnd(width - 4)} !`), '!'.repeat(width)].join(
        '\n',
      ),
    );
    return e2eRequired
      ? { ok: false, detail: 'no Chromium found (required: CI=true or E2E_REQUIRED=1)' }
      : {
          ok: true,
          skipped: true,
          detail: 'SKIPPED: no Chromium found (install chromium or set CHROMIUM_PATH)',
        };
  }
  if (buildStatus === 'FAIL') return { ok: false, detail: 'not run: the web app did not build' };
  const report = join(tmp, 'playwright.json');
  // Playwright sets FORCE_COLOR for its own processes, and Node warns when NO_COLOR is set beside it.
  const { NO_COLOR: _noColor, ...playwrightEnv } = env;
  const status = run('playwright', ['test'], {
    cwd: join(root, 'apps/web'),
    env: { ...playwrightEnv, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const json = readJson(report);
  if (!json?.stats) return { ok: false, detail: 'playwright wrote no report (did the server start?)' };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats;
  const counts = { passed: expected + flaky, failed: unexpected, skipped };
  const errors = json.errors?.length ?? 0;
  let detail = countsText(counts) + (flaky ? ` (${flaky} flaky, passed on retry)` : '');
  if (errors) detail += ` (${errors} error(s) outside tests)`;
  detail += ` with ${chromium}`;
  return { ok: status === 0 && unexpected === 0 && errors === 0, counts, detail };
});

rmSync(tmp, { recursive: true, force: true });

const width = Math.max(...results.map((result) => result.name.length));
console.log(`\n${'='.repeat(100)}\nSummary`);
for (const result of results) {
  const time = `${result.seconds.toFixed(1)}s`.padStart(7);
  console.log(`  ${result.status.padEnd(4)} ${result.name.padEnd(width)} ${time}  ${result.detail}`);
}
const failedSteps = results.filter((result) => result.status === 'FAIL').length;
const minutes = ((Date.now() - startedAt) / 60000).toFixed(1);
console.log(`\n${failedSteps ? `${failedSteps} step(s) failed` : 'All steps passed'} in ${minutes} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps ? 1 : 0);

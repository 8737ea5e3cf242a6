// `npm test`: lint, format, type-check, unit/API tests, web build and browser tests.
// Every step runs (a failure never hides the others). The summary gives each step's time and the slowest test files
// and journeys, so a change that slows the suite shows itself; the last line is CI's verdict:
// `N passed, N failed, N skipped`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
const e2eRequired = ci || process.env.E2E_REQUIRED === '1';
const tmp = mkdtempSync(join(tmpdir(), 'hls-test-'));
const startedAt = Date.now();
/** How many of the slowest test files and journeys the summary lists. */
const SLOWEST = 20;

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
/** @type {{ seconds: number, name: string }[]} */
const slowFiles = [];
/** @type {{ seconds: number, name: string }[]} */
const slowJourneys = [];
/** Every failed test, named with its first error line: the summary repeats them beside the verdict. */
const failures = [];
/** The first line of an error message, without colour codes. */
const firstLine = (text = '') =>
  stripVTControlCharacters(text)
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

const rule = '='.repeat(100);
const banner = (title) => `\n${rule}\n> ${title}\n${rule}\n`;

/**
 * Runs a command. `inherit` streams its output (a long step shows progress); otherwise the output is kept and
 * printed whole when the command ends, so steps that run side by side never interleave their lines.
 */
function run(command, args, { inherit = false, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      output += `Could not run ${command}: ${error.message}\n`;
      resolve({ status: 1, output });
    });
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

/** Records one step's outcome: `{ ok, detail?, counts?, skipped? }`. */
function record(name, outcome, seconds) {
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

/** Runs a step whose output streams as it comes; `body` returns the outcome. */
async function step(name, body) {
  process.stdout.write(banner(name));
  const started = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    console.error(error);
    outcome = { ok: false, detail: String(error) };
  }
  return record(name, outcome, (Date.now() - started) / 1000);
}

/** Runs a step beside others: its output (kept by the body) is printed whole, under its banner, when it ends. */
async function quietStep(name, body) {
  const started = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    outcome = { ok: false, detail: String(error), output: `${error}\n` };
  }
  process.stdout.write(banner(`${name} (${((Date.now() - started) / 1000).toFixed(1)}s)`));
  process.stdout.write(outcome.output ?? '');
  return record(name, outcome, (Date.now() - started) / 1000);
}

/** A step that does not run: why, under its banner. */
function skipStep(name, message, outcome) {
  process.stdout.write(banner(name));
  console.log(message);
  return record(name, outcome, 0);
}

/** Runs quiet commands side by side (the machine's cores are shared), each printed whole when it ends. */
async function checks(list) {
  const started = Date.now();
  await Promise.all(
    list.map(async ({ name, command, args }) => {
      const result = await run(command, args);
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(banner(`${name} (${seconds.toFixed(1)}s)`) + result.output);
      record(name, { ok: result.status === 0 }, seconds);
    }),
  );
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
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((path) => path && existsSync(path));
}

/**
 * Runs vitest with a JSON report and reads its counts. With `tag`, the run selects the tests carrying that tag
 * (`--tags-filter`): the others are left out, not skipped, so only a tagged test's skip counts.
 */
async function vitest(label, args, { tag, inherit = true } = {}) {
  const report = join(tmp, `vitest-${label}.json`);
  const { status, output } = await run(
    'vitest',
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { inherit },
  );
  const json = readJson(report);
  if (!json) return { ok: false, detail: 'vitest wrote no report', output };
  // A test file that fails to load has no test results: it counts as one failure.
  // So does a file that failed with none of its tests failed: a hook (`beforeAll`) threw, and its tests were skipped.
  const brokenFiles = (json.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'),
  );
  const tests = (json.testResults ?? []).flatMap((file) => file.assertionResults ?? []);
  const chosen = tag ? tests.filter((test) => test.tags?.includes(tag)) : tests;
  const counts = {
    passed: chosen.filter((test) => test.status === 'passed').length,
    failed: chosen.filter((test) => test.status === 'failed').length + brokenFiles.length,
    skipped: chosen.filter((test) => ['skipped', 'pending', 'todo'].includes(test.status)).length,
  };
  // Vitest's JSON report leaves a hook's error out (the file's message is empty): its own output shows it.
  for (const file of brokenFiles) {
    const why =
      firstLine(file.message) || 'a hook failed and its tests were skipped (its error is printed above)';
    failures.push(`${label}: ${relative(root, file.name)}: ${why}`);
  }
  for (const file of json.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed' || (tag && !test.tags?.includes(tag))) continue;
      failures.push(
        `${label}: ${relative(root, file.name)}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    }
    if (tag && !file.assertionResults?.some((test) => test.tags?.includes(tag))) continue;
    const seconds = (file.endTime - file.startTime) / 1000;
    if (Number.isFinite(seconds)) slowFiles.push({ seconds, name: `${label}: ${relative(root, file.name)}` });
  }
  let detail = countsText(counts);
  if (brokenFiles.length) detail += ` (${brokenFiles.length} file(s) failed to load or in a hook)`;
  // Vitest also fails a run for errors outside any test (an unhandled rejection): its output above shows them.
  if (status !== 0 && counts.failed === 0) {
    detail += ` (vitest exited with ${status}: see its "Unhandled Errors" above)`;
    failures.push(`${label}: vitest exited with ${status} with no failed test: errors outside the tests`);
  }
  return { ok: status === 0 && counts.failed === 0, counts, detail, output };
}

/** Every test of a Playwright JSON report, with its file, title path and the duration of its last run. */
function* journeys(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const last = test.results?.at(-1);
      if (last) {
        const path = [...titles, spec.title].filter(Boolean).join(' › ');
        const error = test.results.find((result) => result.error)?.error;
        yield {
          seconds: last.duration / 1000,
          name: `[${test.projectName}] ${spec.file}: ${path}`,
          failed: test.status === 'unexpected' || test.status === 'flaky',
          error: firstLine(error?.message) + (error?.location ? ` (line ${error.location.line})` : ''),
        };
      }
    }
  }
  for (const child of suite.suites ?? [])
    yield* journeys(child, child.file ? titles : [...titles, child.title]);
}

// 1. Static checks and the web build, side by side: each is one process on one core.
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const typechecks = (rootPackage.workspaces ?? []).flatMap((workspace) => {
  const manifest = readJson(join(root, workspace, 'package.json'));
  if (!manifest?.scripts?.typecheck) return [];
  return [
    {
      name: `typecheck ${manifest.name}`,
      command: 'npm',
      args: ['run', 'typecheck', '--silent', '-w', manifest.name],
    },
  ];
});
await checks([
  { name: 'lint (eslint . --max-warnings 0)', command: 'eslint', args: ['.', '--max-warnings', '0'] },
  { name: 'format (prettier --check .)', command: 'prettier', args: ['--check', '.', '--log-level', 'warn'] },
  ...typechecks,
  // The web app the browser tests (and `npm start`) serve.
  {
    name: 'build web app (apps/web/dist)',
    command: 'node',
    args: [join(root, 'scripts/build-if-needed.mjs')],
  },
]);
const buildStatus = results.find((result) => result.name.startsWith('build web app'))?.status;

// 2. Unit, API and web tests: every project, the API on the embedded PGlite.
await step('unit, API and web tests (vitest run)', () => vitest('vitest', ['--project', '!api (postgres)']));

// 3, 4 and 5, side by side (the first waits on its database, the second on its faults, the third is short; together
// they take the time of the longest): the API tests tagged `postgres` again on a PostgreSQL server (see
// apps/api/vitest.config.ts); the fault suite (apps/api/faults): its own PostgreSQL cluster stopped and started under
// checkout load, the API killed mid-payment, the mail server down and up, several instances on one database (it
// needs PostgreSQL's server programs, initdb and pg_ctl); and the bench's smoke run (apps/api/bench/bench.ts
// --smoke): every scenario of `npm run bench` once, on a small catalogue, a second each, on PGlite and on the
// TEST_DATABASE_URL server when it is set — no target judged, but a scenario that breaks fails (it serves the web
// build of step 1).
const postgresPrograms = process.env.PG_BIN
  ? existsSync(join(process.env.PG_BIN, 'pg_ctl'))
  : existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((version) =>
      existsSync(join('/usr/lib/postgresql', version, 'bin/pg_ctl')),
    );
await Promise.all([
  process.env.TEST_DATABASE_URL
    ? quietStep('API tests on PostgreSQL (vitest run --tags-filter=postgres)', () =>
        vitest('postgres', ['--project', 'api (postgres)', '--tags-filter=postgres'], {
          tag: 'postgres',
          inherit: false,
        }),
      )
    : skipStep(
        'API tests on PostgreSQL',
        'Skipped: TEST_DATABASE_URL is not set (the API tests ran on the embedded PGlite only).',
        { ok: true, skipped: true, detail: 'SKIPPED: TEST_DATABASE_URL not set' },
      ),
  postgresPrograms
    ? quietStep('fault suite (npm run faults)', () =>
        vitest('faults', ['--config', 'apps/api/faults/vitest.config.ts'], { inherit: false }),
      )
    : (() => {
        const detail = `${ci ? 'REQUIRED: ' : 'SKIPPED: '}PostgreSQL's server programs (initdb, pg_ctl) are not installed`;
        return skipStep(
          'fault suite',
          detail,
          ci ? { ok: false, detail } : { ok: true, skipped: true, detail },
        );
      })(),
  quietStep('bench smoke (npm run bench -- --smoke)', async () => {
    // Only the test server: never a DATABASE_URL meant for something else.
    const { DATABASE_URL: _databaseUrl, ...benchEnv } = env;
    const { status, output } = await run('node', [join(root, 'apps/api/bench/bench.ts'), '--smoke'], {
      env: {
        ...benchEnv,
        ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      },
    });
    const broken = output.match(/^Broken \((\d+)\):/m)?.[1];
    const databases = process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite only';
    return {
      ok: status === 0,
      detail:
        status === 0
          ? `every scenario ran, nothing broken (${databases})`
          : broken
            ? `${broken} thing(s) broken (listed at the end of its output)`
            : `exited with code ${status}`,
      output,
    };
  }),
]);

// 6. Browser journeys against the real product, in the system Chromium.
await step('browser tests (playwright, apps/web/e2e)', async () => {
  const chromium = findChromium();
  if (!chromium) {
    const lines = [
      'NO CHROMIUM FOUND: BROWSER TESTS ' + (e2eRequired ? 'ARE REQUIRED AND FAIL' : 'ARE SKIPPED'),
      'Looked at $CHROMIUM_PATH, /usr/bin/chromium-headless-shell, /usr/bin/chromium, /usr/bin/chromium-browser,',
      '/usr/bin/google-chrome. Install one (Debian: apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.',
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
          detail: 'SKIPPED: no Chromium found (install chromium-headless-shell or set CHROMIUM_PATH)',
        };
  }
  if (buildStatus === 'FAIL') return { ok: false, detail: 'not run: the web app did not build' };
  const report = join(tmp, 'playwright.json');
  // Playwright sets FORCE_COLOR for its own processes, and Node warns when NO_COLOR is set beside it.
  const { NO_COLOR: _noColor, ...playwrightEnv } = env;
  const { status } = await run('playwright', ['test'], {
    inherit: true,
    cwd: join(root, 'apps/web'),
    env: { ...playwrightEnv, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const json = readJson(report);
  if (!json?.stats) return { ok: false, detail: 'playwright wrote no report (did the server start?)' };
  for (const suite of json.suites ?? []) {
    for (const journey of journeys(suite)) {
      slowJourneys.push(journey);
      if (journey.failed) failures.push(`playwright: ${journey.name}: ${journey.error}`);
    }
  }
  for (const error of json.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats;
  const counts = { passed: expected, failed: unexpected + flaky, skipped };
  const errors = json.errors?.length ?? 0;
  let detail = countsText(counts) + (flaky ? ` (${flaky} flaky: failed, then passed)` : '');
  if (errors) detail += ` (${errors} error(s) outside tests)`;
  detail += ` with ${chromium}`;
  return { ok: status === 0 && unexpected === 0 && flaky === 0 && errors === 0, counts, detail };
});

rmSync(tmp, { recursive: true, force: true });

function slowest(title, list) {
  if (!list.length) return;
  console.log(`\nThe ${Math.min(SLOWEST, list.length)} slowest ${title}`);
  for (const { seconds, name } of [...list].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    console.log(`  ${`${seconds.toFixed(1)}s`.padStart(7)}  ${name}`);
  }
}

console.log(`\n${rule}`);
slowest('test files (vitest)', slowFiles);
slowest('browser journeys (playwright)', slowJourneys);
const width = Math.max(...results.map((result) => result.name.length));
console.log('\nSummary');
for (const result of results) {
  const time = `${result.seconds.toFixed(1)}s`.padStart(7);
  console.log(`  ${result.status.padEnd(4)} ${result.name.padEnd(width)} ${time}  ${result.detail}`);
}
if (failures.length) {
  console.log(`\nFailed tests (${failures.length})`);
  for (const failure of failures)
    console.log(`  ${failure.length > 300 ? `${failure.slice(0, 297)}...` : failure}`);
}
const failedSteps = results.filter((result) => result.status === 'FAIL').length;
const minutes = ((Date.now() - startedAt) / 60000).toFixed(1);
console.log(`\n${failedSteps ? `${failedSteps} step(s) failed` : 'All steps passed'} in ${minutes} min.`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps ? 1 : 0);

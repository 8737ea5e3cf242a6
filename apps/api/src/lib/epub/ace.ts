import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EpubFinding, EpubToolResult } from '@hls/contract';
import { byGravity, FINDINGS_KEPT, unavailable } from './epubcheck.ts';

const ACE_SECONDS = 240;
const runner = fileURLToPath(new URL('./ace-runner.ts', import.meta.url));

type AceAssertion = {
  'earl:result'?: { 'earl:outcome'?: string; 'dct:description'?: string };
  'earl:test'?: { 'earl:impact'?: string; 'dct:title'?: string; 'dct:description'?: string };
};
type AceReport = {
  assertions?: { 'earl:testSubject'?: { url?: string }; assertions?: AceAssertion[] }[];
};

const impacts = new Set(['critical', 'serious', 'moderate', 'minor']);

/** Ace's report as a tool result: its accessibility issues, by impact (none of them blocks publication). */
export function readAceReport(version: string | null, report: AceReport): EpubToolResult {
  const findings: EpubFinding[] = [];
  for (const subject of report.assertions ?? []) {
    for (const assertion of subject.assertions ?? []) {
      if (assertion['earl:result']?.['earl:outcome'] !== 'fail') continue;
      const impact = assertion['earl:test']?.['earl:impact'] ?? 'minor';
      findings.push({
        level: (impacts.has(impact) ? impact : 'minor') as EpubFinding['level'],
        code: assertion['earl:test']?.['dct:title'] ?? '',
        message: (
          assertion['earl:result']?.['dct:description'] ??
          assertion['earl:test']?.['dct:description'] ??
          ''
        ).slice(0, 1000),
        location: subject['earl:testSubject']?.url ?? null,
      });
    }
  }
  findings.sort(byGravity);
  const count = (...wanted: EpubFinding['level'][]) =>
    findings.filter((f) => wanted.includes(f.level)).length;
  return {
    state: 'done',
    version,
    reason: null,
    errors: count('critical', 'serious'),
    warnings: count('moderate', 'minor'),
    findings: findings.slice(0, FINDINGS_KEPT),
  };
}

/** Whether Ace's packages are installed (they are optional at run time: the check says Ace is unavailable). */
function aceInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@daisy/ace-core');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs DAISY's Ace on an EPUB file, in a child process (ace-runner.ts) that drives the system's Chromium
 * through Puppeteer (never a downloaded browser). Without Ace or the browser the result is `unavailable`; a run
 * that fails or takes longer than ACE_SECONDS is `failed`. `workDir` receives the raw report.
 */
export async function runAce(file: string, workDir: string, chromiumPath: string | null) {
  if (!chromiumPath) return unavailable('Ace is switched off (EPUB_ACE=false)');
  try {
    await access(chromiumPath);
  } catch {
    return unavailable(`no browser for Ace (${chromiumPath})`);
  }
  if (!aceInstalled()) return unavailable('Ace (@daisy/ace-core) is not installed');
  const output = path.join(workDir, 'ace.json');
  const failed = (reason: string): EpubToolResult => ({ ...unavailable(reason), state: 'failed' });
  const outcome = await new Promise<{ code: number | null; stderr: string; timedOut: boolean }>((resolve) => {
    const child = spawn(process.execPath, [runner, file, output], {
      cwd: workDir,
      env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromiumPath, PUPPETEER_SKIP_DOWNLOAD: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      // The browser is the runner's child: the whole group goes.
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, ACE_SECONDS * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stderr: error.message, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
  if (outcome.timedOut) return failed(`Ace took more than ${ACE_SECONDS} s`);
  try {
    const { version, report } = JSON.parse(await readFile(output, 'utf8')) as {
      version: string;
      report: AceReport;
    };
    return readAceReport(version, report);
  } catch {
    return failed(outcome.stderr.trim().split('\n').pop() || `Ace ended with code ${outcome.code}`);
  }
}

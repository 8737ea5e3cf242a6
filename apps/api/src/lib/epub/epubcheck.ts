import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import type { EpubFinding, EpubToolResult } from '@hls/contract';

/** Findings kept in a report (the counts stay whole). */
export const FINDINGS_KEPT = 100;
const EPUBCHECK_SECONDS = 180;

type EpubcheckMessage = {
  ID?: string;
  severity?: string;
  message?: string;
  locations?: { path?: string; line?: number; column?: number }[];
};
type EpubcheckJson = {
  checker?: { checkerVersion?: string; nFatal?: number; nError?: number; nWarning?: number };
  messages?: EpubcheckMessage[];
};

export const unavailable = (reason: string): EpubToolResult => ({
  state: 'unavailable',
  version: null,
  reason,
  errors: 0,
  warnings: 0,
  findings: [],
});

const levels: Record<string, EpubFinding['level']> = {
  FATAL: 'fatal',
  ERROR: 'error',
  WARNING: 'warning',
  USAGE: 'info',
  INFO: 'info',
};
const rank: Record<EpubFinding['level'], number> = {
  fatal: 0,
  error: 1,
  critical: 1,
  serious: 2,
  warning: 3,
  moderate: 3,
  minor: 4,
  info: 5,
};
export const byGravity = (a: EpubFinding, b: EpubFinding) => rank[a.level] - rank[b.level];

function location(message: EpubcheckMessage): string | null {
  const first = message.locations?.find((place) => place.path);
  if (!first?.path) return null;
  return first.line && first.line > 0 ? `${first.path}:${first.line}` : first.path;
}

/** epubcheck's JSON report as a tool result: its errors block, its warnings are for the author to look at. */
export function readEpubcheckJson(report: EpubcheckJson): EpubToolResult {
  const findings = (report.messages ?? [])
    .map((message) => ({
      level: levels[message.severity ?? ''] ?? 'info',
      code: message.ID ?? '',
      message: (message.message ?? '').slice(0, 1000),
      location: location(message),
    }))
    .sort(byGravity);
  const count = (...wanted: EpubFinding['level'][]) =>
    findings.filter((finding) => wanted.includes(finding.level)).length;
  return {
    state: 'done',
    version: report.checker?.checkerVersion ?? null,
    reason: null,
    errors: Math.max(count('fatal', 'error'), (report.checker?.nFatal ?? 0) + (report.checker?.nError ?? 0)),
    warnings: Math.max(count('warning'), report.checker?.nWarning ?? 0),
    findings: findings.slice(0, FINDINGS_KEPT),
  };
}

/**
 * Runs W3C's epubcheck (Debian's `epubcheck` package: a jar run by `java`) on an EPUB file and reads its JSON
 * report from stdout. It exits with 1 when it finds errors: the report is read all the same. Without java or
 * the jar the result is `unavailable`, never a thrown error; an answer that is no report is `failed`.
 */
export async function runEpubcheck(file: string, settings: { jar: string; java?: string }) {
  try {
    await access(settings.jar);
  } catch {
    return unavailable(`epubcheck is not installed (${settings.jar})`);
  }
  return new Promise<EpubToolResult>((resolve) => {
    execFile(
      settings.java ?? 'java',
      // A short-lived JVM: the client compiler and serial GC start it in half the time.
      ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', settings.jar, file, '--json', '-'],
      {
        timeout: EPUBCHECK_SECONDS * 1000,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, LANG: 'C.UTF-8' },
      },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          return resolve(unavailable('java is not installed'));
        }
        const start = stdout.indexOf('{');
        try {
          resolve(readEpubcheckJson(JSON.parse(stdout.slice(Math.max(0, start))) as EpubcheckJson));
        } catch {
          const reason = error?.killed ? 'epubcheck took too long' : stderr.trim().split('\n').pop();
          resolve({ ...unavailable(reason || 'epubcheck gave no report'), state: 'failed' });
        }
      },
    );
  });
}

/**
 * Runs DAISY's Ace on one EPUB in a process of its own (it drives a browser through Puppeteer, and logs as it
 * goes): `node ace-runner.ts <epub> <result.json>`. The browser is the system's, named by
 * PUPPETEER_EXECUTABLE_PATH (the parent sets it); the raw report is written to <result.json>.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type AceRun = (epub: string, options: Record<string, unknown>, runner: unknown) => Promise<[string, unknown]>;
const ace = require('@daisy/ace-core') as AceRun;
const axeRunner = require('@daisy/ace-axe-runner-puppeteer') as {
  launch(): Promise<void>;
  close(): Promise<void>;
};
const { version } = require('@daisy/ace-core/package.json') as { version: string };

const [epub, output] = process.argv.slice(2);
// Ace logs its progress on stdout; the parent reads only the report file.
if (!epub || !output) throw new Error('usage: ace-runner.ts <epub> <result.json>');
await axeRunner.launch();
try {
  const [, report] = await ace(
    epub,
    { cwd: process.cwd(), outdir: undefined, initLogger: false, lang: 'en' },
    axeRunner,
  );
  await writeFile(output, JSON.stringify({ version, report }));
} finally {
  await axeRunner.close();
}
// Ace's logger and temporary files keep handles open: the report is written, the process ends.
process.exit(0);

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/**
 * Runs `script` in a child Node process with `job` written to `jobFile` (its one argument), and parses the JSON the
 * child prints. Waits for `close`, not `exit`: a child may have exited before its output has been read to the end
 * (a smoke run once parsed an empty answer).
 */
export function runJobProcess<T>(script: string, jobFile: string, job: unknown, what: string): Promise<T> {
  writeFileSync(jobFile, JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, jobFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as T);
      else reject(new Error(`${what} exited with code ${code}`));
    });
  });
}

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** Libraries the server loads at their first use only (docs/decisions/0037-an-idle-shop-in-less-memory.md). */
const loadedOnFirstUse = [
  'sharp',
  'sepa',
  'xmlbuilder2',
  '@cantoo/pdf-lib',
  '@cantoo/fontkit',
  'nodemailer',
  'cfb',
  'file-type',
  'yauzl',
  'jsvat',
];

// Imports the server's entry and the embedded database's thread as `npm start` loads them, and answers whether
// Node's TypeScript stripper was loaded and which of those libraries were.
const probe = `
  import { registerHooks } from 'node:module';
  const packages = new Set();
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url)?.[1];
      if (name) packages.add(name);
      return resolved;
    },
  });
  await import('./src/server.ts');
  await import('./src/db/pglite-host.ts');
  console.log(JSON.stringify({
    stripper: process.moduleLoadList.some((name) => name.includes('amaro')),
    packages: [...packages],
  }));
`;

describe("npm start's compile cache", () => {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'hls-compile-cache-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));
  const env = { ...process.env, NODE_COMPILE_CACHE: cache };

  it('once filled, lets the server start without the TypeScript stripper and without its rarely used libraries', async () => {
    await run(process.execPath, ['src/cli/compile-cache.ts'], { cwd: apiDir, env });
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: apiDir,
      env,
    });
    const loaded = JSON.parse(stdout) as { stripper: boolean; packages: string[] };
    expect(loaded.stripper).toBe(false);
    // Imported, the server ran nothing (the process ended by itself) but loaded its app.
    expect(loaded.packages).toContain('fastify');
    expect(loaded.packages.filter((name) => loadedOnFirstUse.includes(name))).toEqual([]);
  });
});

// Builds the web app (the browser's build and the server render) only when apps/web/dist is missing or older than
// its sources, so `npm start` stays quick.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distIndex = join(root, 'apps/web/dist/index.html');
const serverEntry = join(root, 'apps/web/dist/server/entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  // The namespaces the web app loads; the translations themselves are served by the API.
  'packages/locales/namespaces.ts',
].map((path) => join(root, path));

/** The newest file under `path` (a file or a folder), skipping what is not a source. */
function newest(path) {
  if (!existsSync(path)) return { mtimeMs: 0, file: path };
  const stat = statSync(path);
  if (!stat.isDirectory()) return { mtimeMs: stat.mtimeMs, file: path };
  let best = { mtimeMs: 0, file: path };
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const candidate = newest(join(path, entry.name));
    if (candidate.mtimeMs > best.mtimeMs) best = candidate;
  }
  return best;
}

function reasonToBuild() {
  if (process.argv.includes('--force')) return 'forced with --force';
  if (!existsSync(distIndex)) return 'apps/web/dist is missing';
  if (!existsSync(serverEntry)) return 'the server render (apps/web/dist/server) is missing';
  const built = statSync(distIndex).mtimeMs;
  const latest = sources.map(newest).reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
  if (latest.mtimeMs > built) return `${relative(root, latest.file)} changed since the last build`;
  return null;
}

const reason = reasonToBuild();
if (!reason) {
  console.log('[build] web app is up to date (apps/web/dist)');
  process.exit(0);
}
console.log(`[build] building the web app: ${reason}`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// A build is always a production build, even when the server it precedes runs with NODE_ENV=test.
const result = spawnSync(npm, ['run', 'build', '-w', '@hls/web'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(result.status ?? 1);

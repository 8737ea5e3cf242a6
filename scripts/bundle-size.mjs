#!/usr/bin/env node
// Gzipped size of the JavaScript a first visit downloads before the home screen can render: the entry script
// of the built index.html, every chunk it modulepreloads, the chunks they import statically, and the home
// route's lazy chunk with its own static imports.
//   node scripts/bundle-size.mjs [distDir] [--budget=150] [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const distDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(root, 'apps/web/dist'));
const budgetKb = Number(args.find((arg) => arg.startsWith('--budget='))?.slice(9) ?? 150);
const asJson = args.includes('--json');

export function measureInitialJs(dir) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const attr = (tag, name) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const entries = tags
    .filter((tag) => /type="module"/.test(tag) && attr(tag, 'src'))
    .map((tag) => attr(tag, 'src'));
  const preloads = tags.filter((tag) => /rel="modulepreload"/.test(tag)).map((tag) => attr(tag, 'href'));

  const sizes = new Map();
  const read = (file) => readFileSync(path.join(dir, file.replace(/^\//, '')), 'utf8');
  // Static imports of a minified chunk: `import{…}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
  const staticImports = (file, code) =>
    [
      ...code.matchAll(
        /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g,
      ),
    ].map((match) => path.posix.join(path.posix.dirname(file), match[1]));
  const visit = (file, into) => {
    if (into.has(file)) return;
    const code = read(file);
    into.set(file, gzipSync(code, { level: 9 }).length);
    for (const imported of staticImports(file, code)) visit(imported, into);
  };

  const initial = new Map();
  for (const file of [...entries, ...preloads]) visit(file, initial);
  for (const [file, size] of initial) sizes.set(file, size);

  // The home route's chunk is named after apps/web/src/app/routes/home.tsx.
  const entryCode = entries.map(read).join('\n');
  const homeChunk = /["'`](\.\/home-[\w-]+\.js)["'`]/.exec(entryCode)?.[1];
  const home = new Map(initial);
  if (homeChunk) visit(path.posix.join(path.posix.dirname(entries[0]), homeChunk), home);

  const total = (map) => [...map.values()].reduce((sum, size) => sum + size, 0);
  return {
    chunks: [...home].map(([file, gzip]) => ({ file, gzip, initial: initial.has(file) })),
    initialBytes: total(initial),
    homeBytes: total(home),
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measureInitialJs(distDir);
  if (asJson) {
    console.log(JSON.stringify({ ...result, budgetKb }, null, 2));
  } else {
    console.log(
      `Initial JavaScript of the home page (${path.relative(process.cwd(), distDir) || '.'}), gzip -9:`,
    );
    for (const chunk of result.chunks.sort((a, b) => b.gzip - a.gzip))
      console.log(
        `  ${kb(chunk.gzip).padStart(6)} KB  ${chunk.file}${chunk.initial ? '' : '  (home route)'}`,
      );
    const verdict = result.homeBytes <= budgetKb * 1024 ? 'PASS' : 'FAIL';
    console.log(`  entry + preloads: ${kb(result.initialBytes)} KB`);
    console.log(`  with the home route: ${kb(result.homeBytes)} KB   target ≤ ${budgetKb} KB   ${verdict}`);
    if (verdict === 'FAIL') process.exitCode = 1;
  }
}

// Fails fast when a script runs on a Node older than the libraries need (see docs/decisions/0001-node-version.md).
const [major, minor] = process.versions.node.split('.').map(Number);
// 22.18 is the first release of 22 that runs TypeScript without a flag (type stripping) and has `import.meta.main`,
// which the API relies on; 24.2 the first of 24 with both (23, ended, had the first only).
if (major < 22 || (major === 22 && minor < 18) || major === 23 || (major === 24 && minor < 2)) {
  console.error(
    `HLS needs Node 22.18 or later in 22, or 24.2 or later (found ${process.version}).\n` +
      'Run it through npm (npm start, npm test): on Linux x64, npm install puts Node 24 in node_modules/.bin.\n' +
      'Elsewhere, install a current Node (https://nodejs.org) and run npm install again.',
  );
  process.exit(1);
}

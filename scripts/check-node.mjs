// Fails fast when a script runs on a Node older than the libraries need (see docs/decisions/0001-node-version.md).
const [major, minor] = process.versions.node.split('.').map(Number);
// 22.18 and 23.6 are the first releases that run TypeScript without a flag (type stripping); the API relies on it.
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  console.error(
    `HLS needs Node >= 22.18 (found ${process.version}).\n` +
      'Run it through npm (npm start, npm test): on Linux x64, npm install puts Node 24 in node_modules/.bin.\n' +
      'Elsewhere, install a current Node (https://nodejs.org) and run npm install again.',
  );
  process.exit(1);
}

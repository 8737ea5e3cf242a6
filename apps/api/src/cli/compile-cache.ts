// Fills Node's compile cache (`NODE_COMPILE_CACHE`, which `npm start` sets) with the server's modules before the
// server starts, without running it. Node strips TypeScript's types with a WebAssembly compiler that stays loaded
// in each thread that used it, about 20 MB resident; a module found in the cache is neither stripped nor compiled
// again, so a server started after this never loads that compiler (docs/decisions/0037-an-idle-shop-in-less-memory.md).
import { getCompileCacheDir } from 'node:module';

/**
 * The server's entry and what it loads only once started: the embedded database's thread, the demo, the
 * storage and payment providers a setting chooses. Each is imported without side effects.
 */
const modules = [
  '../server.ts',
  '../db/pglite-host.ts',
  '../demo/index.ts',
  '../modules/storage/s3-storage.ts',
  '../modules/payments/providers/stripe.ts',
];

if (getCompileCacheDir()) {
  for (const module of modules) await import(module);
} else {
  console.log('NODE_COMPILE_CACHE is not set: nothing to fill');
}

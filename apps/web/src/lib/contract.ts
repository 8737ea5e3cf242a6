// What the web build gets for `@hls/contract` (alias in vite.config.ts): the contract itself, with its schemas
// built without zod's eval fast path. zod probes `new Function` for it, and under the site's Content-Security-Policy
// (`script-src 'self'`) Chrome reports that probe as an issue even though zod catches it.
import './zod-jitless';

export * from '@hls/contract/index';

import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Writes .br and .gz copies of the text files of the build, which the API serves as they are
 * (@fastify/static `preCompressed`): the best compression levels, paid once at build time rather than per request.
 */
function precompress(): Plugin {
  return {
    name: 'hls-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file.fileName)) continue;
        const content = file.type === 'chunk' ? file.code : file.source;
        const data = Buffer.from(content);
        if (data.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(data, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${target}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** Chunks the entry imports statically (see codeSplitting below): loaded by every page before any screen. */
const alwaysLoaded = /\/(vendor-react|vendor-state|vendor-i18n|rolldown-runtime)-[\w-]+\.js$/;

const apiTarget = process.env.HLS_API_URL ?? 'http://localhost:3000';

const resolve: UserConfig['resolve'] = {
  alias: [
    // The contract through src/lib/contract.ts: zod without its eval probe, which the CSP would report.
    {
      find: /^@hls\/contract$/,
      replacement: fileURLToPath(new URL('./src/lib/contract.ts', import.meta.url)),
    },
    { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  ],
};

const clientBuild: UserConfig = {
  plugins: [react(), precompress()],
  resolve,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/locales': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for whoever reads a stack trace, but not referenced by the scripts: the API never serves them.
    sourcemap: 'hidden',
    modulePreload: {
      // Every browser of the build target preloads modules natively; the polyfill would only add to the entry.
      polyfill: false,
      // A screen's chunk lists what to preload with it; the entry's own chunks are always there already.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !alwaysLoaded.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: they change far less often than the screens.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-state',
              // Redux Toolkit without RTK Query, which stays out of the first page load (src/lib/data-layer.ts).
              test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/](?!query[\\/])|redux|react-redux|redux-persist|immer|reselect|use-sync-external-store)[\\/]?/,
              priority: 20,
            },
            {
              name: 'vendor-query',
              test: /node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
              priority: 15,
            },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            {
              name: 'vendor-i18n',
              // Not <Trans> (and the HTML parser it brings): the few screens with links inside a sentence load it.
              test: /node_modules[\\/](i18next|react-i18next(?![\\/]dist[\\/]es[\\/]Trans)|i18next-resources-to-backend)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
};

/**
 * The server render (src/entry-server.tsx), built by `vite build --ssr` into dist/server: one self-contained
 * module the API imports, whatever folder the build is in (its dependencies bundled, React's production build).
 */
const serverBuild: UserConfig = {
  plugins: [react()],
  resolve,
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: 'dist/server', emptyOutDir: false, sourcemap: true, copyPublicDir: false },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : clientBuild));

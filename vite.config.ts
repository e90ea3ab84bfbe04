import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { chromeFrontEnds, precompressed } from './vite.chrome';
import { lazyMuiNumberFormat } from './vite.startup';

/** BUNDLE_REPORT=<file>: what each chunk holds, module by module with its sizes (the bench's bundle report reads it). */
const bundleReport = process.env.BUNDLE_REPORT
  ? [visualizer({ filename: process.env.BUNDLE_REPORT, template: 'raw-data', gzipSize: true, brotliSize: true })]
  : [];

/** Every backend path the browser calls; the dev server hands them to the Fastify server. */
const backendTarget = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';
const backendPaths = ['/auth', '/userapi', '/awbapi', '/logapi', '/mobileapi', '/api', '/classicapi', '/healthz', '/ez4/config.json'];
const proxy = Object.fromEntries(backendPaths.map((path) => [path, { target: backendTarget }]));

export default defineConfig({
  // The header and footer front-ends are built apart, after the app (vite.chrome.ts).
  // Text assets are also written as .br and .gz, which the server sends to browsers that take them.
  // MUI's pagination formatter is made when first used, not as the signed-in app starts (vite.startup.ts).
  plugins: [react(), lazyMuiNumberFormat(), precompressed(), chromeFrontEnds(), ...bundleReport],
  // Served at /ez4/ (spec 2); the server answers index.html for every unknown /ez4/ path.
  base: '/ez4/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, so an app release leaves them cached. React (which the
        // login page needs) has the highest priority, so the other groups do not pull it in with them.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'vendor-mui',
              priority: 20,
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]|[\\/]src[\\/]app[\\/]startup[\\/]lazyNumberFormat\.ts$/,
            },
            {
              name: 'vendor-react-admin',
              priority: 10,
              test: /node_modules[\\/](react-admin|ra-[a-z-]+|@tanstack|react-hook-form|react-router|react-router-dom|@remix-run|lodash|node-polyglot|query-string|date-fns|jsonexport|inflection|clsx|dompurify|react-dropzone|react-error-boundary|react-is|attr-accept|file-selector)[\\/]/,
            },
            { name: 'shell', priority: 5, tags: ['$initial'], test: /[\\/](src|dataProviders|plugins)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

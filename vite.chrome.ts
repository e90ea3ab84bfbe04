import path from 'node:path';
import { build, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

/**
 * The header and footer front-ends (spec 1) are built on their own, each into
 * `<outDir>/chrome/<part>/` with its asset manifest, once the app's build is written. The app
 * loads them at run time through those manifests, so they can be released (or hosted) apart.
 */
export const CHROME_PARTS = ['header', 'footer'] as const;

/**
 * Brotli (at its highest quality: built once, sent many times) and gzip copies of every text asset
 * over 1 KB; @fastify/static serves them by Accept-Encoding (src/server/spa.ts).
 */
export function precompressed(): Plugin {
  return compression({
    include: /\.(js|mjs|css|html|svg|json|txt)$/,
    threshold: 1024,
    skipIfLargerOrEqual: true,
    algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    logLevel: 'silent',
  });
}

export function chromeFrontEnds(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'cargo-chrome-front-ends',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const part of CHROME_PARTS) {
        await build({
          configFile: false,
          root,
          base: `/ez4/chrome/${part}/`,
          logLevel: 'warn',
          publicDir: false,
          plugins: [precompressed()],
          build: {
            outDir: path.join(outDir, 'chrome', part),
            emptyOutDir: true,
            manifest: 'asset-manifest.json',
            modulePreload: false,
            rolldownOptions: { input: { [part]: path.join(root, 'src', 'chrome', part, 'main.ts') } },
          },
        });
      }
    },
  };
}

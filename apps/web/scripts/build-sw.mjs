// Builds the service worker into the static export (docs/how-to/offline.md): bundles sw/sw.ts
// with Serwist's runtime (esbuild), then lists the export's files with their revisions in it
// (@serwist/build's injectManifest), so that the worker precaches exactly this build. Run after
// `next build`, before the precompression (scripts/compress-static.mjs), by `pnpm build`.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';

const web = fileURLToPath(new URL('..', import.meta.url));
const out = join(web, process.argv[2] ?? 'out');
const bundled = join(web, '.sw-build', 'sw.js');

await build({
  entryPoints: [join(web, 'sw', 'sw.ts')],
  outfile: bundled,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: join(out, 'sw.js'),
  globDirectory: out,
  globPatterns: ['**/*.{html,js,css,woff2,woff,ttf,svg,png,ico,json,webmanifest,txt}'],
  // The precompressed copies are the same files; source maps are for developers; the worker
  // itself is not precached.
  globIgnores: ['**/*.br', '**/*.gz', '**/*.map', 'sw.js', 'oauth2/**'],
  // The largest chunk (Mermaid's) is about 2.6 MB before compression.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  // Hashed file names change with their content: no revision needed.
  dontCacheBustURLsMatching: /^_next\/static\//,
});
for (const warning of warnings) console.warn(`build-sw: ${warning}`);
await rm(join(web, '.sw-build'), { recursive: true, force: true });
console.log(`build-sw: ${count} files of ${Math.round(size / 1024)} KB precached by out/sw.js`);

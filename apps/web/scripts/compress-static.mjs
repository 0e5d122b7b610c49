#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the static
// export, once, at build time (`pnpm build` runs it after `next build`): the server sends them
// to browsers that accept them (apps/server/src/app.ts), and a CDN or another static server can
// do the same (docs/how-to/deploy-static.md). Both at their best levels: the cost is paid once
// per build, never per request. Node's own zlib: no native dependency.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth compressing, by extension: text, and fonts that are not compressed already
 * (WOFF and WOFF2 are; images and archives are too). */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.wasm',
  '.xml',
  '.webmanifest',
  '.ico',
  '.ttf',
  '.otf',
  '.eot',
]);

/** Files smaller than this are left alone: a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

/** A copy is written only when it is at most this share of the file (it saves 10 % or more). */
export const MAX_RATIO = 0.9;

/** The copies' extensions, by encoding (as @fastify/static and most CDNs look for them). */
const SUFFIXES = { br: '.br', gzip: '.gz' };

/** Every file under `dir`, as absolute paths. */
async function listFiles(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Whether `path` is one of the copies this script writes. */
const isCopy = (path) => path.endsWith(SUFFIXES.br) || path.endsWith(SUFFIXES.gz);

/** The two copies of `bytes` (`text`: brotli's text mode, a little better on text). */
async function compress(bytes, text) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: text
          ? constants.BROTLI_MODE_TEXT
          : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * Compresses every compressible file under `root` (COMPRESSIBLE, MIN_BYTES or more) into a
 * `.br` and a `.gz` beside it, each kept only where it pays (MAX_RATIO); copies left by an
 * earlier run whose file is gone or no longer pays are removed. Gives what was done, for the
 * build's log.
 * @param {string} root
 * @returns {Promise<{ files: number; bytes: number; br: number; gzip: number; skipped: number }>}
 */
export async function compressStatic(root) {
  const all = await listFiles(resolve(root));
  const sources = all.filter((path) => !isCopy(path));
  const summary = { files: 0, bytes: 0, br: 0, gzip: 0, skipped: 0 };
  const wanted = new Set();
  const queue = sources.filter((path) => COMPRESSIBLE.has(extname(path).toLowerCase()));
  // Two at a time: brotli's best level is slow, and the build machine may have few cores.
  const work = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const bytes = await readFile(path);
      if (bytes.length < MIN_BYTES) {
        summary.skipped += 1;
        continue;
      }
      const ext = extname(path).toLowerCase();
      const copies = await compress(
        bytes,
        !['.wasm', '.ico', '.ttf', '.otf', '.eot'].includes(ext),
      );
      let written = false;
      for (const encoding of /** @type {const} */ (['br', 'gzip'])) {
        const copy = copies[encoding];
        if (copy.length > bytes.length * MAX_RATIO) continue;
        const target = path + SUFFIXES[encoding];
        await writeFile(target, copy);
        wanted.add(target);
        summary[encoding] += copy.length;
        written = true;
      }
      if (written) {
        summary.files += 1;
        summary.bytes += bytes.length;
      } else summary.skipped += 1;
    }
  };
  await Promise.all([work(), work()]);
  for (const path of all.filter(isCopy)) {
    if (!wanted.has(path)) await rm(path, { force: true });
  }
  return summary;
}

// Run as a script: `node scripts/compress-static.mjs [folder]`, the export (out) by default.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2] ?? 'out';
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) {
    console.error(`compress-static: ${root} is not a folder: run next build first.`);
    process.exit(1);
  }
  const started = Date.now();
  const done = await compressStatic(root);
  const kb = (bytes) => `${Math.round(bytes / 1000)} KB`;
  console.log(
    `compress-static: ${done.files} files of ${kb(done.bytes)} in ${root} → brotli ${kb(done.br)}, gzip ${kb(done.gzip)} (${done.skipped} small or incompressible files left as they are; ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

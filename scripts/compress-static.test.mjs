// The web app's build writes a brotli and a gzip copy beside every compressible file of its
// static export (apps/web/scripts/compress-static.mjs, run by `pnpm build` after `next build`):
// the script on a folder of its own, then the export the build wrote.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, compressStatic } from '../apps/web/scripts/compress-static.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = join(root, 'apps/web/scripts/compress-static.mjs');
const out = join(root, 'apps/web/out');
const folders = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it. */
function files(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, base) : [path.slice(base.length + 1)];
  });
}

/** Checks that `path`'s copies (both must be there) decompress to its bytes. */
function expectCopies(path) {
  const bytes = readFileSync(path);
  expect(existsSync(`${path}.br`), `${path}.br`).toBe(true);
  expect(existsSync(`${path}.gz`), `${path}.gz`).toBe(true);
  expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(bytes), `${path}.br`).toBe(true);
  expect(gunzipSync(readFileSync(`${path}.gz`)).equals(bytes), `${path}.gz`).toBe(true);
  expect(statSync(`${path}.br`).size).toBeLessThan(bytes.length);
}

const text = (word, count) => Array.from({ length: count }, (_, i) => `${word}(${i});`).join('\n');

describe('compress-static', () => {
  it('writes .br and .gz beside text files that gain from it, and leaves the rest alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkstone-compress-'));
    folders.push(dir);
    const write = (path, content) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    };
    write('index.html', `<!doctype html><p>${text('page', 400)}</p>`);
    write('_next/static/chunks/app.js', text('call', 2000));
    write('_next/static/css/app.css', text('.a{color:red}', 300));
    write('icon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${text('<g/>', 100)}</svg>`);
    write('__next._tree.txt', text('tree', 300));
    write('fonts/font.ttf', Buffer.alloc(8000, 7));
    write('small.js', 'console.log(1)');
    // Already compressed, or random: not worth a copy.
    write('fonts/font.woff2', randomBytes(8000));
    write('noise.js', randomBytes(8000));
    // A copy left by an earlier build whose file is gone.
    write('old.js.br', 'stale');

    const summary = await compressStatic(dir);
    for (const path of [
      'index.html',
      '_next/static/chunks/app.js',
      '_next/static/css/app.css',
      'icon.svg',
      '__next._tree.txt',
      'fonts/font.ttf',
    ]) {
      expectCopies(join(dir, path));
    }
    const all = files(dir);
    for (const path of ['small.js', 'fonts/font.woff2', 'old.js', 'noise.js']) {
      expect(all, path).not.toContain(`${path}.br`);
      expect(all, path).not.toContain(`${path}.gz`);
    }
    expect(summary.files).toBe(6);
    // The files themselves are untouched.
    expect(readFileSync(join(dir, 'small.js'), 'utf8')).toBe('console.log(1)');

    // A second run (a build over an earlier one) gives the same files, copies not compressed again.
    await compressStatic(dir);
    expect(files(dir).sort()).toEqual(all.sort());
  });

  it('says what to do when the folder is missing', () => {
    const result = spawnSync(process.execPath, [script, join(tmpdir(), 'no-such-inkstone-out')], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/not a folder: run next build first/);
  });

  it('the build wrote copies of every JavaScript, CSS and HTML file of the export', () => {
    expect(existsSync(out), 'apps/web/out is missing: run pnpm build first').toBe(true);
    const textual = files(out).filter((path) => /\.(js|css|html)$/.test(path));
    expect(textual.length).toBeGreaterThan(20);
    let checked = 0;
    for (const path of textual) {
      const file = join(out, path);
      if (statSync(file).size < MIN_BYTES) continue;
      expectCopies(file);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });
});

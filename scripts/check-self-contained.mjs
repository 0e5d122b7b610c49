#!/usr/bin/env node
// Checks that the repository stands alone: no file of it names a path outside the repository,
// so a clone with nothing beside it builds, tests and benchmarks. Every tracked (or new, not
// ignored) text file is read, line by line, for
// - relative paths whose leading parent steps (`..`) climb above the repository root from the
//   file's own folder, and a step up into a `shared` folder the repository does not have (the
//   checkout beside it that the corpus and the spec used to be read from);
// - absolute paths into the folder that holds the checkout (its parent, or the development
//   machine's work folder), where a checkout would find its neighbours.
// `node scripts/check-self-contained.mjs` prints each offence as `file:line: reason` and exits 1
// when there is any; the test command runs it as a suite of its own.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders never scanned when the root is not a git work tree (built or installed files). */
const SKIPPED_FOLDERS = new Set([
  '.git',
  'node_modules',
  'dist',
  'out',
  '.next',
  '.turbo',
  'test-results',
  'playwright-report',
  'coverage',
]);

// A relative path: optional `./`, then `../` steps (or a bare `..` ending the path), not in the
// middle of a longer path (`a/../b`, `{db}/../_session`) nor part of a word or of `...`.
const RELATIVE = /(?<![\w.\-/~@$%{}\\])(?:\.\/)?((?:\.\.\/)+|(?:\.\.\/)*\.\.(?![\w.\-/]))/g;

/** The files to scan, relative to `root` with `/` separators: the files git tracks plus the
 * new ones it does not ignore, or, outside a git work tree, every file but built ones. */
export function listFiles(root) {
  if (existsSync(join(root, '.git'))) {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return out
      .split('\0')
      .filter((file) => file !== '' && existsSync(join(root, file)))
      .sort();
  }
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile()) files.push(path);
    }
  };
  walk('');
  return files.sort();
}

/** The folder the development machine keeps its checkouts and shared files in (joined, so that
 * this file does not name it itself). */
export const WORK_FOLDER = posix.join('/', 'work');

// Absolute paths that reach the checkout's surroundings: the machine's work folder, and the
// folder holding this checkout (unless that is the file system's root).
function absolutePatterns(root) {
  const prefixes = [WORK_FOLDER];
  const parent = dirname(resolve(root));
  if (parent !== dirname(parent) && !prefixes.includes(parent)) prefixes.push(parent);
  return prefixes.map((prefix) => {
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return {
      prefix,
      pattern: new RegExp(`(?:(?<![\\w.\\-/~])|file://)${escaped}(?=[/\\s'"\`)\\]>,;:]|$)`),
    };
  });
}

// The folder relative paths on a line are read from: the file's own, except in pnpm's lockfile,
// whose `link:` paths are relative to the importer (package folder) they are listed under.
function folderOfLines(file, lines) {
  const own = posix.dirname(file);
  if (file !== 'pnpm-lock.yaml') return () => own;
  const folders = [];
  let section = '';
  let importer = own;
  for (const line of lines) {
    if (/^\S/.test(line)) section = line;
    const key = /^ {2}(\S[^:]*):\s*$/.exec(line);
    if (section.startsWith('importers:') && key) importer = key[1];
    folders.push(section.startsWith('importers:') ? importer : own);
  }
  return (index) => folders[index];
}

const isInside = (root, path) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The lines of `files` (relative to `root`) that name a path outside the repository: each
 * `{ file, line, reason, text }`, line numbers from 1. Binary files are skipped. */
export function findOutsideReferences(root, files = listFiles(root)) {
  const absoluteRoot = resolve(root);
  const absolutes = absolutePatterns(absoluteRoot);
  const found = [];
  for (const file of files) {
    const path = join(absoluteRoot, file);
    if (!statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    const lines = bytes.toString('utf8').split('\n');
    const folderOf = folderOfLines(file, lines);
    lines.forEach((text, index) => {
      const report = (reason) =>
        found.push({ file, line: index + 1, reason, text: text.trim().slice(0, 160) });
      for (const { prefix, pattern } of absolutes) {
        if (pattern.test(text)) report(`an absolute path into ${prefix}, outside the repository`);
      }
      const folder = join(
        absoluteRoot,
        ...folderOf(index)
          .split('/')
          .filter((s) => s !== '.'),
      );
      for (const match of text.matchAll(RELATIVE)) {
        const steps = match[1];
        const target = resolve(folder, steps);
        if (!isInside(absoluteRoot, target)) {
          report(`"${steps}" climbs above the repository root from ${folderOf(index)}/`);
          continue;
        }
        const rest = text.slice(match.index + match[0].length);
        if (steps.endsWith('/') && /^shared(?![\w.-])/.test(rest)) {
          if (!existsSync(join(target, 'shared'))) {
            report(`"${steps}shared" names a folder the repository does not have`);
          }
        }
      }
    });
  }
  return found;
}

/** `file:line: reason` and the line itself, for each reference found. */
export function formatReferences(found) {
  return found.map(({ file, line, reason, text }) => `${file}:${line}: ${reason}\n    ${text}`);
}

const invoked = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = listFiles(root);
  const found = findOutsideReferences(root, files);
  if (found.length === 0) {
    console.log(`${files.length} files checked: none names a path outside the repository.`);
  } else {
    console.log(formatReferences(found).join('\n'));
    const where = new Set(found.map(({ file }) => file)).size;
    console.log(
      `${found.length} reference(s) outside the repository in ${where} of ${files.length} files.`,
    );
    process.exitCode = 1;
  }
}

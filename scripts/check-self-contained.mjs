#!/usr/bin/env node
// Checks that the repository stands alone: no file of it names a path outside the repository,
// so a clone with nothing beside it builds, tests and benchmarks. Every tracked (or new, not
// ignored) text file is read for
// - relative paths whose leading parent steps (`..`) climb above the repository root from the
//   file's own folder, and a step up into a `shared` folder the repository does not have (the
//   checkout beside it that the corpus and the spec used to be read from);
// - parent steps joined to a folder the code names (path-expressions.mjs): the arguments of
//   join(…), resolve(…) and new URL(…) added up, and the steps after `${here}`,
//   `$(dirname "$0")`, `$root` and the like, from the folder the code gives them;
// - absolute paths into the folder that holds the checkout (its parent, or the development
//   machine's work folder), where a checkout would find its neighbours;
// - the home folder's `shared` folder, and the neighbours' names (`shared/` followed by
//   `bench-corpus` or `spec`) written anywhere.
// Prose is not a path: `(..)`, `[..]` and a code span of `..` in a document are left alone.
// `node scripts/check-self-contained.mjs` prints each offence as `file:line: reason` (the first
// reason of a line) and exits 1 when there is any; the test command runs it as a suite of its
// own.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEIGHBOURS, pathReader } from './path-expressions.mjs';

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
const RELATIVE = /(?<![\w.\-/~@$%{}\\])(?:\.\/)?((?:\.\.\/)*\.\.(?![\w.\-/])|(?:\.\.\/)+)/g;

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

// What may stand before a bare `..` (one not followed by `/`) that is a path: the start of the
// line, white space, a quote, `=`, `,` or `:`. Prose's `(..)` and `[..]` are not paths.
const BEFORE_BARE_STEP = /[\s'"`=,:]/;

// Calls that build a path from parts: join(…) and resolve(…) (bare or the path module's), and
// new URL(…).
const PATH_CALL =
  /(?<![\w$.])(?:(?:path|posix|win32|nodePath|pathModule|paths)\s*\.\s*)?(?:join|resolve)\s*\(|(?<![\w$.])new\s+URL\s*\(/g;
// A run of parent steps inside a path (`…/../..`), at the end of a path segment.
const INNER_STEPS = /(?:\/\.\.)+(?=[/'"`\s)\]};|&,]|$)/g;
// The rest of that path: its steps and the segments after them.
const PATH_REST = /^(?:\/[^\s/'"`)\]};|&,$]*)+/;
// The home folder's `shared` (a checkout's neighbour reached through the home folder).
const HOME_SHARED = /(?<![\w.\-/~$])(?:~|\$HOME|\$\{HOME\})\/shared(?![\w.-])/;

// The base written just before the parent steps at `at` of `line`: `${…}`, `$(…)`, `$name` or
// `~`; null for anything else (`a/../b`, `{db}/..`).
function baseBefore(line, at) {
  const end = at - 1;
  const c = line[end];
  if (c === '}' || c === ')') {
    const open = openingOf(line, end);
    if (open > 0 && line[open - 1] === '$') {
      return {
        kind: c === '}' ? 'braces' : 'command',
        text: line.slice(open + 1, end),
        start: open - 1,
      };
    }
    return null;
  }
  if (c === '~')
    return end === 0 || /[\s'"`=:]/.test(line[end - 1]) ? { kind: 'home', start: end } : null;
  const name = /\$(\d|[A-Za-z_]\w*)$/.exec(line.slice(Math.max(0, at - 64), at));
  return name ? { kind: 'name', text: name[1], start: at - name[0].length } : null;
}

// The index of the bracket opening the one closing at `close` on `line`, or -1.
function openingOf(line, close) {
  const pairs = { ')': '(', '}': '{' };
  let depth = 0;
  for (let i = close; i >= 0; i -= 1) {
    if (line[i] === line[close]) depth += 1;
    else if (line[i] === pairs[line[close]]) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const snippet = (text) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 69)}…` : flat;
};

// The rank of a finding (the first of a line is reported): an absolute path, then a climb above
// the root (a leading one, in a call, after a named folder), then a missing `shared`, then the
// home folder, then a neighbour's name.
const RANKS = { absolute: 0, climbs: 1, shared: 2, home: 3 };
const rankOf = (kind, check) => (RANKS[kind] ?? 4) + check / 10;

// What a finding of path-expressions.mjs is reported as.
function reasonOf(kind, text, from) {
  if (kind === 'climbs') return `"${snippet(text)}" climbs above the repository root from ${from}/`;
  if (kind === 'shared') return `"${snippet(text)}" names a folder the repository does not have`;
  if (kind === 'home')
    return `"${snippet(text)}" names a folder in the home folder, outside the repository`;
  return neighbourReason(kind);
}

const neighbourReason = (name) =>
  `"shared/${name}" names a folder outside the repository (the corpus is in bench/corpus, the spec in docs/spec)`;

/** The lines of `files` (relative to `root`) that name a path outside the repository: each
 * `{ file, line, reason, text }`, line numbers from 1, one per line (the first reason found).
 * Binary files are skipped. */
export function findOutsideReferences(root, files = listFiles(root)) {
  const absoluteRoot = resolve(root);
  const posixRoot = absoluteRoot.split(sep).join('/');
  const absolutes = absolutePatterns(absoluteRoot);
  // A repository that has such a folder may name it.
  const neighbours = [...NEIGHBOURS]
    .filter((name) => !files.some((file) => file.includes(`shared/${name}/`)))
    .map((name) => ({ name, pattern: new RegExp(`(?<![\\w.-])shared/${name}(?![\\w.-])`) }));
  const found = [];
  for (const file of files) {
    const path = join(absoluteRoot, file);
    if (!statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    const text = bytes.toString('utf8');
    const lines = text.split('\n');
    const folderOf = folderOfLines(file, lines);
    const isMarkdown = file.endsWith('.md');
    // The first reason of each line, by the order of the checks below.
    const reasons = new Map();
    const report = (index, rank, reason) => {
      const kept = reasons.get(index);
      if (!kept || kept.rank > rank) reasons.set(index, { rank, reason });
    };
    lines.forEach((text, index) => {
      for (const { prefix, pattern } of absolutes) {
        if (pattern.test(text))
          report(
            index,
            rankOf('absolute', 0),
            `an absolute path into ${prefix}, outside the repository`,
          );
      }
      const folder = join(
        absoluteRoot,
        ...folderOf(index)
          .split('/')
          .filter((s) => s !== '.'),
      );
      for (const match of text.matchAll(RELATIVE)) {
        const steps = match[1];
        if (!steps.endsWith('/')) {
          const before = text[match.index - 1];
          if (before !== undefined && !BEFORE_BARE_STEP.test(before)) continue;
          const after = text[match.index + match[0].length];
          if (isMarkdown && before === '`' && after === '`') continue;
        }
        const target = resolve(folder, steps);
        if (!isInside(absoluteRoot, target)) {
          report(
            index,
            rankOf('climbs', 0),
            `"${steps}" climbs above the repository root from ${folderOf(index)}/`,
          );
          continue;
        }
        const rest = text.slice(match.index + match[0].length);
        if (steps.endsWith('/') && /^shared(?![\w.-])/.test(rest)) {
          if (!existsSync(join(target, 'shared'))) {
            report(
              index,
              rankOf('shared', 0),
              `"${steps}shared" names a folder the repository does not have`,
            );
          }
        }
      }
      if (HOME_SHARED.test(text)) {
        report(
          index,
          rankOf('home', 0),
          `"${HOME_SHARED.exec(text)[0]}" names a folder in the home folder, outside the repository`,
        );
      }
      for (const { name, pattern } of neighbours) {
        if (pattern.test(text)) report(index, rankOf(name, 0), neighbourReason(name));
      }
    });
    if (text.includes('..') || text.includes('shared')) {
      const reader = pathReader(posixRoot, file, text);
      const lineOf = lineIndexer(text);
      for (const match of text.matchAll(PATH_CALL)) {
        const { findings, end } = reader.expressionAt(match.index);
        for (const { kind, from } of findings) {
          report(
            lineOf(match.index),
            rankOf(kind, 1),
            reasonOf(kind, text.slice(match.index, end), from),
          );
        }
      }
      lines.forEach((line, index) => {
        if (!line.includes('/..')) return;
        for (const match of line.matchAll(INNER_STEPS)) {
          const base = baseBefore(line, match.index);
          if (!base) continue;
          const rest = PATH_REST.exec(line.slice(match.index))[0];
          const offset = lineOf.start(index) + match.index;
          for (const { kind, from } of reader.stepsFrom(base, rest, offset)) {
            report(
              index,
              rankOf(kind, 2),
              reasonOf(kind, line.slice(base.start, match.index + rest.length), from),
            );
          }
        }
      });
    }
    for (const [index, { reason }] of [...reasons].sort(([a], [b]) => a - b)) {
      found.push({ file, line: index + 1, reason, text: lines[index].trim().slice(0, 160) });
    }
  }
  return found;
}

// The line (from 0) of a character's index in `text`; `.start(line)` the index of a line's start.
function lineIndexer(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineOf = (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  lineOf.start = (line) => starts[line];
  return lineOf;
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

#!/usr/bin/env node
// Checks that the repository stands alone: no file of it names a path outside the repository,
// so a clone with nothing beside it builds, tests and benchmarks. A tracked (or new, not
// ignored) symbolic link is judged by the path it holds, never read through: an absolute one,
// one that climbs above the root from the link's folder, or one into a `shared` folder the
// repository does not have is reported. Every tracked (or new) text file is read for
// - relative paths whose leading parent steps (`..`) climb above the repository root from the
//   file's own folder, and a step up into a `shared` folder the repository does not have (the
//   checkout beside it that the corpus and the spec used to be read from);
// - parent steps joined to a folder the code names (path-expressions.mjs): the arguments of
//   join(…), resolve(…) (the path module's under any name) and new URL(…) added up, the steps
//   after `${here}`, `$(dirname "$0")`, `"$root"`, `$root` and the like, and those added to a
//   folder with `+`, from the folder the code gives them;
// - in code and shell files, a parent step directly followed by a `shared` segment (in one
//   path, or as two arguments or items) after a base none of the above could read (`$PWD`,
//   `process.cwd()`);
// - absolute paths into the folder that holds the checkout (its parent, or the development
//   machine's work folder), where a checkout would find its neighbours;
// - the home folder's `shared` folder, and the neighbours' names (`shared/` followed by
//   `bench-corpus`, `spec`, `DESIGN.md`, `CONVENTIONS.md` or `hooks`) written anywhere.
// Prose is not a path: `(..)`, `[..]` and a code span of `..` in a document are left alone.
// `node scripts/check-self-contained.mjs` prints each offence as `file:line: reason` (the first
// reason of a line) and exits 1 when there is any; the test command runs it as a suite of its
// own.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkReason } from './link-target.mjs';
import { baseBefore, calleeStart, operandStart } from './path-bases.mjs';
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
// middle of a longer path (`a/../b`, `{db}/../_session`) nor part of a word or of `...`; after
// `:-` it is a shell default value (`${DIR:-../x}`).
const RELATIVE =
  /(?<![\w./~@$%{}\\])(?<!(?<!:)-)(?:\.\/)?((?:\.\.\/)*\.\.(?![\w.\-/])|(?:\.\.\/)+)/g;

// Whether a path exists, a symbolic link counting whether it leads anywhere or not.
const present = (path) => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/** The files to scan, relative to `root` with `/` separators: the files (and symbolic links)
 * git tracks plus the new ones it does not ignore, or, outside a git work tree, every file and
 * link but built ones. */
export function listFiles(root) {
  if (existsSync(join(root, '.git'))) {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return out
      .split('\0')
      .filter((file) => file !== '' && present(join(root, file)))
      .sort();
  }
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile() || entry.isSymbolicLink()) files.push(path);
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
// line, white space, a quote, `=`, `,` or `:` (and a shell default's `:-`, checked apart).
// Prose's `(..)` and `[..]` are not paths.
const BEFORE_BARE_STEP = /[\s'"`=,:]/;

// Calls that build a path from parts: join(…) and resolve(…), bare or of an object (the path
// module's under any name; which object is read where it stands), and new URL(…).
const PATH_CALL = /(?<![\w$])(?:join|resolve)\s*\(|(?<![\w$.])new\s+URL\s*\(/g;
// Parent steps, or a `shared` folder, added to a folder in JS: `here + '/../x'`, or
// `'/shared'` after folders that dirname(…) took up.
const ADDED_STEPS = /(?<!\+)\+\s*['"`]\/(?:\.\.(?=[/'"`])|shared(?![\w.-]))/g;
// A parent step directly followed by a `shared` segment: in one path (the `..` a whole
// segment; the rest of the path after `shared` is taken too), or as two quoted arguments or
// items of a list, one `..` and the next `shared`.
const SHARED_STEP =
  /(?<![\w.])\.\.\/shared(?![\w.-])[^\s'"`)\]};|&,]*|(['"])\.\.\1\s*,\s*\1shared\1/g;
// The code and shell files in which that step is reported whatever its base.
const CODE_FILE = /\.(?:[cm]?[jt]sx?|sh|bash|zsh|json|ya?ml|toml)$|(?:^|\/)Dockerfile[^/]*$/;
// A run of parent steps inside a path (`…/../..`), at the end of a path segment.
const INNER_STEPS = /(?:\/\.\.)+(?=[/'"`\s)\]};|&,]|$)/g;
// The rest of that path: its steps and the segments after them.
const PATH_REST = /^(?:\/[^\s/'"`)\]};|&,$]*)+/;
// The home folder's `shared` (a checkout's neighbour reached through the home folder).
const HOME_SHARED = /(?<![\w.\-/~$])(?:~|\$HOME|\$\{HOME\})\/shared(?![\w.-])/;

const snippet = (text) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 69)}…` : flat;
};

// The rank of a finding (the first of a line is reported): an absolute path, then a climb above
// the root (a leading one, in a call, after a named folder), then a missing `shared`, then a
// step into `shared` from an unread base, then the home folder, then a neighbour's name.
const RANKS = { absolute: 0, climbs: 1, shared: 2, blind: 2.5, home: 3 };
const rankOf = (kind, check) => (RANKS[kind] ?? 4) + check / 10;

// What a finding of path-expressions.mjs is reported as.
function reasonOf(kind, text, from) {
  if (kind === 'climbs') return `"${snippet(text)}" climbs above the repository root from ${from}/`;
  if (kind === 'shared') return `"${snippet(text)}" names a folder the repository does not have`;
  if (kind === 'home')
    return `"${snippet(text)}" names a folder in the home folder, outside the repository`;
  return neighbourReason(kind);
}

// Where the repository keeps its own copy of what a neighbour held.
const OWN_COPIES = {
  'bench-corpus': 'the corpus is in bench/corpus, the spec in docs/spec',
  spec: 'the corpus is in bench/corpus, the spec in docs/spec',
  'DESIGN.md': 'the design is docs/design.md, the conventions docs/conventions.md',
  'CONVENTIONS.md': 'the design is docs/design.md, the conventions docs/conventions.md',
};
const neighbourReason = (name) =>
  `"shared/${name}" names a ${name.endsWith('.md') ? 'file' : 'folder'} outside the repository (${OWN_COPIES[name] ?? 'the repository needs nothing beside it'})`;

/** The lines of `files` (relative to `root`) that name a path outside the repository: each
 * `{ file, line, reason, text }`, line numbers from 1, one per line (the first reason found);
 * a symbolic link is reported at line 1 with its target as the text. Binary files are skipped. */
export function findOutsideReferences(root, files = listFiles(root)) {
  const absoluteRoot = resolve(root);
  const context = {
    root: absoluteRoot,
    posixRoot: absoluteRoot.split(sep).join('/'),
    absolutes: absolutePatterns(absoluteRoot),
    // A repository that has such a folder (or file) may name it.
    neighbours: [...NEIGHBOURS]
      .filter((name) => !files.some((file) => `/${file}/`.includes(`/shared/${name}/`)))
      .map((name) => ({
        name,
        pattern: new RegExp(`(?<![\\w.-])shared/${name.replace('.', '\\.')}(?![\\w.-])`),
      })),
  };
  const found = [];
  for (const file of files) {
    const path = join(absoluteRoot, file);
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) {
      const target = readlinkSync(path);
      const reason = linkReason(absoluteRoot, file, target);
      if (reason) found.push({ file, line: 1, reason, text: target });
      continue;
    }
    if (!stats.isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    const text = bytes.toString('utf8');
    const lines = text.split('\n');
    // The first reason of each line, by the rank of the checks below.
    const reasons = new Map();
    const report = (index, rank, reason) => {
      const kept = reasons.get(index);
      if (!kept || kept.rank > rank) reasons.set(index, { rank, reason });
    };
    // The stretches of the text whose parent steps were followed from a known folder.
    const read = [];
    checkLines(context, file, lines, report, read);
    if (text.includes('..') || text.includes('shared')) {
      checkCode(context, file, text, lines, report, read);
    }
    for (const [index, { reason }] of [...reasons].sort(([a], [b]) => a - b)) {
      found.push({ file, line: index + 1, reason, text: lines[index].trim().slice(0, 160) });
    }
  }
  return found;
}

// The checks of each line on its own: absolute paths, leading parent steps from the line's
// folder (each noted in `read`), the home folder's `shared` and the neighbours' names.
function checkLines({ root, absolutes, neighbours }, file, lines, report, read) {
  const folderOf = folderOfLines(file, lines);
  const isMarkdown = file.endsWith('.md');
  let offset = 0;
  lines.forEach((text, index) => {
    const lineStart = offset;
    offset += text.length + 1;
    for (const { prefix, pattern } of absolutes) {
      if (pattern.test(text))
        report(
          index,
          rankOf('absolute', 0),
          `an absolute path into ${prefix}, outside the repository`,
        );
    }
    // The cheap tests first: most lines hold no `..` and no `shared`.
    const hasSteps = text.includes('..');
    const hasShared = text.includes('shared');
    if (!hasSteps && !hasShared) return;
    const from = folderOf(index);
    const folder = hasSteps ? join(root, ...from.split('/').filter((s) => s !== '.')) : root;
    for (const match of hasSteps ? text.matchAll(RELATIVE) : []) {
      const steps = match[1];
      if (!steps.endsWith('/')) {
        const before = text.slice(Math.max(0, match.index - 2), match.index);
        if (before !== '' && !BEFORE_BARE_STEP.test(before.at(-1)) && before !== ':-') continue;
        const after = text[match.index + match[0].length];
        if (isMarkdown && before.endsWith('`') && after === '`') continue;
      }
      // Steps that end with `/` are read with what follows them (a `shared` segment).
      if (steps.endsWith('/')) {
        read.push([lineStart + match.index, lineStart + match.index + match[0].length]);
      }
      const target = resolve(folder, steps);
      if (!isInside(root, target)) {
        report(
          index,
          rankOf('climbs', 0),
          `"${steps}" climbs above the repository root from ${from}/`,
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
    if (!hasShared) return;
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
}

// The checks of paths built in code (path-expressions.mjs): join(…), resolve(…) and new URL(…)
// calls, steps after a named folder, steps added to one with `+`; then, in code and shell files,
// a step into `shared` that none of these (nor a line's leading steps, in `read`) followed.
function checkCode({ posixRoot }, file, text, lines, report, read) {
  const reader = pathReader(posixRoot, file, text);
  const lineOf = lineIndexer(text);
  // A call or a sum read from `start`: its findings reported, its stretch noted when read whole.
  const expression = (start, check) => {
    const { value, findings, end } = reader.expressionAt(start);
    for (const { kind, from } of findings) {
      report(lineOf(start), rankOf(kind, check), reasonOf(kind, text.slice(start, end), from));
    }
    if (value.t === 'loc' && !value.partial) read.push([start, end]);
  };
  const calls = reader.functions.length
    ? new RegExp(`${PATH_CALL.source}|(?<![\\w$.])(?:${reader.functions.join('|')})\\s*\\(`, 'g')
    : PATH_CALL;
  for (const match of text.matchAll(calls)) {
    const start = match[0].startsWith('new') ? match.index : calleeStart(text, match.index);
    if (start >= 0) expression(start, 1);
  }
  if (text.includes('+')) {
    for (const match of text.matchAll(ADDED_STEPS)) {
      const start = operandStart(text, match.index);
      if (start >= 0) expression(start, 1);
    }
  }
  lines.forEach((line, index) => {
    if (!line.includes('/..')) return;
    for (const match of line.matchAll(INNER_STEPS)) {
      const base = baseBefore(line, match.index);
      if (!base) continue;
      const rest = PATH_REST.exec(line.slice(match.index))[0];
      const offset = lineOf.start(index) + match.index;
      const { findings, known } = reader.stepsFrom(base, rest, offset);
      if (known) read.push([offset, offset + rest.length]);
      for (const { kind, from } of findings) {
        report(
          index,
          rankOf(kind, 2),
          reasonOf(kind, line.slice(base.start, match.index + rest.length), from),
        );
      }
    }
  });
  if (!CODE_FILE.test(file) && !text.startsWith('#!')) return;
  for (const match of text.matchAll(SHARED_STEP)) {
    const at = match.index + (match[1] ? 1 : 0);
    if (read.some(([start, end]) => start <= at && at < end)) continue;
    report(
      lineOf(match.index),
      rankOf('blind', 0),
      `"${snippet(match[0])}" steps up into a shared folder from a base the check cannot read`,
    );
  }
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

#!/usr/bin/env node
// The files `docker build .` sends to the builder: the repository's files that .dockerignore
// leaves, read as Docker reads it (moby's patternmatcher): one pattern a line, `#` comments,
// `!` for an exception, `*` and `?` within a path segment, `**` across segments, a pattern that
// matches a folder leaving out everything in it, the last pattern that matches a file deciding.
// Used by repository.test.mjs to check that every COPY of the Dockerfile finds its files;
// `node scripts/docker-context.mjs [folder]` prints them, one a line, to copy the context
// elsewhere and run the build's commands on it (docs/how-to/self-host.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The patterns of a .dockerignore text: each `{ exception, regex }`. */
export function parseDockerignore(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exception = line.startsWith('!');
      const pattern = (exception ? line.slice(1).trim() : line)
        .replace(/^\/+/, '')
        .replace(/\/+$/, '');
      return { exception, regex: patternRegex(pattern) };
    });
}

function patternRegex(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      i += 1;
      if (pattern[i + 1] === '/') {
        i += 1;
        source += '(?:.*/)?';
      } else source += '.*';
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether `file` (relative, `/`-separated) is left out by `patterns`: the last pattern that
 * matches it, or one of the folders it is in, decides. */
export function isIgnored(patterns, file) {
  const segments = file.split('/');
  const paths = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const { exception, regex } of patterns) {
    if (paths.some((path) => regex.test(path))) ignored = !exception;
  }
  return ignored;
}

/** The files of the build context of `root`: the files git tracks (and the new ones it does
 * not ignore) that `.dockerignore` leaves, sorted. */
export function dockerContextFiles(root) {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const ignore = join(root, '.dockerignore');
  const patterns = existsSync(ignore) ? parseDockerignore(readFileSync(ignore, 'utf8')) : [];
  return listed
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)) && !isIgnored(patterns, file))
    .sort();
}

const invoked = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  process.stdout.write(`${dockerContextFiles(root).join('\n')}\n`);
}

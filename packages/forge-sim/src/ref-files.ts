import { mkdir, open, readFile, rename, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { git, GitError, objectInfo } from './git.js';
import { inProcessWrites } from './object-store.js';

/**
 * Refs moved by the forge itself, with git's own locking (what `git update-ref` and a push's
 * `git receive-pack` do, so the two stay safe together): `<ref>.lock` created exclusively, the
 * current value (the loose ref file, else `packed-refs`) checked against the expected one under
 * that lock, the new id written to the lock and renamed over the ref. Anything out of the
 * ordinary (a lock held, a symbolic ref, a folder or file in the way, a repository git would
 * write otherwise) is left to `git update-ref`, which does what it does.
 */

const ZERO = '0'.repeat(40);
const SHA1 = /^[0-9a-f]{40}$/;

/** Not for this module: `git update-ref` does it. */
class ToGit extends Error {}

// A ref name this module writes as a path: refs/<kind>/… in plain parts (no part git refuses or
// reads otherwise: leading dot, `.lock` end, `..`, `@{`, control or special characters).
const plainRef = (ref: string) =>
  /^refs\/[A-Za-z0-9_-]+\/./.test(ref) &&
  ref.split('/').every((part) => /^[A-Za-z0-9_+=,-][A-Za-z0-9._+=,-]*$/.test(part)) &&
  ref.split('/').every((part) => !part.endsWith('.lock') && !part.endsWith('.')) &&
  !ref.includes('..');

function errorCode(cause: unknown) {
  return typeof cause === 'object' && cause !== null && 'code' in cause
    ? String((cause as { code: unknown }).code)
    : '';
}

/** The packed refs of `gitDir`: name → id (no file: none). */
async function packedRefs(gitDir: string) {
  const text = await readFile(join(gitDir, 'packed-refs'), 'utf8').catch((cause: unknown) => {
    if (errorCode(cause) === 'ENOENT') return '';
    throw new ToGit();
  });
  const refs = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('^')) continue;
    const [sha = '', name = ''] = line.split(' ');
    if (!SHA1.test(sha)) throw new ToGit();
    refs.set(name, sha);
  }
  return { text, refs };
}

/** Creates `path` exclusively (a lock git honours); a held lock or a path in the way: git's. */
async function takeLock(path: string) {
  try {
    await mkdir(dirname(path), { recursive: true });
    return await open(path, 'wx');
  } catch {
    throw new ToGit();
  }
}

/** The value of `ref` under its lock: the loose file's, else the packed one's, else undefined. */
async function currentValue(gitDir: string, ref: string, packed: Map<string, string>) {
  let text: string;
  try {
    text = await readFile(join(gitDir, ref), 'utf8');
  } catch (cause) {
    if (errorCode(cause) !== 'ENOENT') throw new ToGit();
    return packed.get(ref);
  }
  const sha = text.replace(/\n$/, '');
  if (!SHA1.test(sha)) throw new ToGit();
  return sha;
}

function stale(
  args: readonly string[],
  ref: string,
  current: string | undefined,
  expected: string,
) {
  return new GitError(
    args,
    128,
    `fatal: cannot lock ref '${ref}': ` +
      (current === undefined
        ? 'unable to resolve reference'
        : expected === ZERO
          ? 'reference already exists'
          : `is at ${current} but expected ${expected}`),
  );
}

async function moveInProcess(
  gitDir: string,
  ref: string,
  sha: string,
  expected: string | undefined,
  args: readonly string[],
) {
  const lockPath = join(gitDir, `${ref}.lock`);
  const lock = await takeLock(lockPath);
  let done = false;
  try {
    const { refs: packed } = await packedRefs(gitDir);
    const current = await currentValue(gitDir, ref, packed);
    if (current === undefined) {
      // A packed ref that is a folder of this one, or inside it: git names the conflict.
      for (const name of packed.keys()) {
        if (ref.startsWith(`${name}/`) || name.startsWith(`${ref}/`)) throw new ToGit();
      }
    }
    if (expected !== undefined && (current ?? ZERO) !== expected) {
      throw stale(args, ref, current, expected);
    }
    await lock.writeFile(`${sha}\n`);
    await lock.close();
    await rename(lockPath, join(gitDir, ref));
    done = true;
  } finally {
    if (!done) {
      await lock.close().catch(() => undefined);
      await unlink(lockPath).catch(() => undefined);
    }
  }
}

// As git's try_remove_empty_parents: the emptied folders of a deleted ref, up to refs/<kind>/.
async function removeEmptyParents(gitDir: string, ref: string) {
  const parts = ref.split('/');
  for (let end = parts.length - 1; end > 2; end--) {
    try {
      await rmdir(join(gitDir, ...parts.slice(0, end)));
    } catch {
      return;
    }
  }
}

async function deleteInProcess(
  gitDir: string,
  ref: string,
  expected: string | undefined,
  args: readonly string[],
) {
  const lockPath = join(gitDir, `${ref}.lock`);
  const lock = await takeLock(lockPath);
  try {
    const { refs: packed } = await packedRefs(gitDir);
    const current = await currentValue(gitDir, ref, packed);
    if (current === undefined && expected === undefined) throw new ToGit();
    if (expected !== undefined && current !== expected) {
      throw stale(args, ref, current, expected);
    }
    if (packed.has(ref)) {
      const packedLockPath = join(gitDir, 'packed-refs.lock');
      const packedLock = await takeLock(packedLockPath);
      let written = false;
      try {
        // Read again under its lock: only this ref's line (and its peeled line) goes.
        const { text } = await packedRefs(gitDir);
        const lines = text.split('\n');
        const kept: string[] = [];
        for (let index = 0; index < lines.length; index++) {
          const line = lines[index] ?? '';
          if (
            line.endsWith(` ${ref}`) &&
            SHA1.test(line.slice(0, 40)) &&
            line.length === 41 + ref.length
          ) {
            if (lines[index + 1]?.startsWith('^')) index++;
            continue;
          }
          kept.push(line);
        }
        await packedLock.writeFile(kept.join('\n'));
        await packedLock.close();
        await rename(packedLockPath, join(gitDir, 'packed-refs'));
        written = true;
      } finally {
        if (!written) {
          await packedLock.close().catch(() => undefined);
          await unlink(packedLockPath).catch(() => undefined);
        }
      }
    }
    await unlink(join(gitDir, ref)).catch((cause: unknown) => {
      if (errorCode(cause) !== 'ENOENT') throw cause;
    });
  } finally {
    await lock.close().catch(() => undefined);
    await unlink(lockPath).catch(() => undefined);
  }
  await removeEmptyParents(gitDir, ref);
}

/** Options of {@link updateRef}. */
export interface RefUpdateOptions {
  /** The ref's value expected now: a whole id, the zero id (the ref must not exist), or
   * undefined (any). */
  expected?: string | undefined;
  /** `sha` is known to be a commit (one just written): not looked up again. */
  commit?: boolean;
}

/**
 * Moves `ref` of `gitDir` to `sha` as `git update-ref <ref> <sha> [<expected>]` does, failing
 * as it fails (a {@link GitError}) when the ref is not at `expected`.
 */
export async function updateRef(
  gitDir: string,
  ref: string,
  sha: string,
  options: RefUpdateOptions = {},
): Promise<void> {
  const { expected } = options;
  const args = ['update-ref', ref, sha, ...(expected === undefined ? [] : [expected])];
  if (
    plainRef(ref) &&
    SHA1.test(sha) &&
    (expected === undefined || SHA1.test(expected)) &&
    (await inProcessWrites(gitDir))
  ) {
    // git refuses a missing object, and anything but a commit on a branch.
    const type = options.commit ? 'commit' : (await objectInfo(gitDir, sha))?.type;
    const fits = ref.startsWith('refs/heads/') ? type === 'commit' : type !== undefined;
    if (fits) {
      try {
        await moveInProcess(gitDir, ref, sha, expected, args);
        return;
      } catch (cause) {
        if (!(cause instanceof ToGit)) throw cause;
      }
    }
  }
  await git(gitDir, args);
}

/**
 * Deletes `ref` of `gitDir` as `git update-ref -d <ref> [<expected>]` does (its loose file, and
 * its line of `packed-refs` under that file's lock), failing as it fails when the ref is not at
 * `expected`.
 */
export async function deleteRef(gitDir: string, ref: string, expected?: string): Promise<void> {
  const args = ['update-ref', '-d', ref, ...(expected === undefined ? [] : [expected])];
  if (
    plainRef(ref) &&
    (expected === undefined || (SHA1.test(expected) && expected !== ZERO)) &&
    (await inProcessWrites(gitDir))
  ) {
    try {
      await deleteInProcess(gitDir, ref, expected, args);
      return;
    } catch (cause) {
      if (!(cause instanceof ToGit)) throw cause;
    }
  }
  await git(gitDir, args);
}

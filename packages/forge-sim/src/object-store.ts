import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { git, gitText, writeBlobs } from './git.js';

/**
 * Git objects written by the forge itself, without a git process: a blob, tree or commit is
 * `"<type> <size>\0" + body`, named by the SHA-1 of that and stored zlib-deflated as a loose
 * object (`objects/xx/yyyy…`), exactly as `git hash-object -w`, `write-tree` and `commit-tree`
 * store it (the tests compare the ids and run `git fsck --strict`). Only in repositories git
 * would write the same way ({@link inProcessWrites}); anywhere else the callers run git.
 */

/** The kinds of object the forge writes. */
export type WrittenType = 'blob' | 'tree' | 'commit';

/** The id and the stored form (`"<type> <size>\0" + body`) of an object. */
export function objectId(type: WrittenType, body: Buffer): { id: string; raw: Buffer } {
  const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`, 'latin1'), body]);
  return { id: createHash('sha1').update(raw).digest('hex'), raw };
}

const layouts = new Map<string, Promise<boolean>>();

// What of a repository's configuration changes how git writes objects and refs: any other
// value than these (a SHA-256 repository, reftable refs, reflogs kept, shared permissions,
// signed or re-encoded commits, an extension unknown here) leaves the writing to git.
const EXPECTED: Record<string, (value: string) => boolean> = {
  'core.repositoryformatversion': (value) => value === '0' || value === '1',
  'extensions.objectformat': (value) => value.toLowerCase() === 'sha1',
  'extensions.refstorage': (value) => value.toLowerCase() === 'files',
  'core.logallrefupdates': (value) => /^(false|no|off|0)$/i.test(value),
  'core.sharedrepository': (value) => /^(false|umask|no|off|0)$/i.test(value),
  'commit.gpgsign': (value) => /^(false|no|off|0)$/i.test(value),
  'i18n.commitencoding': (value) => /^utf-?8$/i.test(value),
};
const WATCHED =
  /^(core\.(repositoryformatversion|logallrefupdates|sharedrepository)|extensions\..*|commit\.gpgsign|i18n\.commitencoding)$/;

/**
 * Whether the bare repository `gitDir` is one the forge may write itself: SHA-1 objects, refs
 * kept as files, no reflogs, the objects and refs folders where git keeps them. Read once per
 * repository from its whole configuration (`git config --list`: the system's, the user's and
 * the repository's).
 */
export function inProcessWrites(gitDir: string): Promise<boolean> {
  let known = layouts.get(gitDir);
  if (!known) {
    known = (async () => {
      try {
        const [objects, refs] = await Promise.all([
          stat(join(gitDir, 'objects')),
          stat(join(gitDir, 'refs')),
        ]);
        if (!objects.isDirectory() || !refs.isDirectory()) return false;
        const list = (await git(gitDir, ['config', '--list', '-z'])).toString('utf8');
        for (const item of list.split('\0')) {
          if (item === '') continue;
          const newline = item.indexOf('\n');
          const key = (newline < 0 ? item : item.slice(0, newline)).toLowerCase();
          const value = newline < 0 ? 'true' : item.slice(newline + 1);
          if (!WATCHED.test(key)) continue;
          const expected = EXPECTED[key];
          if (!expected?.(value)) return false;
        }
        return true;
      } catch {
        return false;
      }
    })();
    layouts.set(gitDir, known);
  }
  return known;
}

/**
 * Lets the bare repository `gitDir`, made as a copy of `template` (a repository `git init` made
 * here, with the same configuration files), be written as `template` is: its configuration is
 * the same, read once.
 */
export function shareLayout(gitDir: string, template: string) {
  layouts.set(gitDir, inProcessWrites(template));
}

/** Forgets what was learnt of the repositories in `folder` (all when absent). */
export function forgetLayouts(folder?: string) {
  for (const gitDir of [...layouts.keys()]) {
    if (folder === undefined || gitDir === folder || gitDir.startsWith(`${folder}/`)) {
      layouts.delete(gitDir);
    }
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Stores `body` as a loose `type` object of `gitDir` and gives its id: deflated into a
 * temporary file of the object's folder (`tmp_obj_…`, what git's own writers leave and its
 * `gc` clears) renamed into place, so a reader sees the whole object or none; nothing is
 * written when the object is there already.
 */
export async function writeObject(gitDir: string, type: WrittenType, body: Buffer) {
  const { id, raw } = objectId(type, body);
  const folder = join(gitDir, 'objects', id.slice(0, 2));
  const file = join(folder, id.slice(2));
  if (await exists(file)) return id;
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `tmp_obj_${randomBytes(6).toString('hex')}`);
  // Level 1 is git's own for loose objects (core.looseCompression's default).
  await writeFile(temporary, deflateSync(raw, { level: 1 }), { mode: 0o444, flag: 'wx' });
  try {
    await rename(temporary, file);
  } catch (cause) {
    await unlink(temporary).catch(() => undefined);
    throw cause;
  }
  return id;
}

/** Stores each of `contents` as a blob of `gitDir` (`git hash-object -w --no-filters`). */
export function writeBlobObjects(gitDir: string, contents: readonly (string | Buffer)[]) {
  return Promise.all(
    contents.map((content) =>
      writeObject(gitDir, 'blob', typeof content === 'string' ? Buffer.from(content) : content),
    ),
  );
}

/** Who writes a commit, and when (now when absent). */
export interface Signature {
  name: string;
  email: string;
  date?: string;
}

/** The environment that makes `git commit-tree` sign as `author` and `committer`. */
export function signatureEnv(author: Signature, committer: Signature = author) {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
    ...(committer.date ? { GIT_COMMITTER_DATE: committer.date } : {}),
  };
}

// git's crud(): what it strips from both ends of a name or an email.
const crud = (char: string) => char <= ' ' || '.,:;<>"\\\''.includes(char);

/** Whether git writes `part` (a name or an email) into an ident line unchanged. */
const cleanIdentPart = (part: string) =>
  part !== '' &&
  !crud(part.charAt(0)) &&
  !crud(part.charAt(part.length - 1)) &&
  !/[\n<>\0]/.test(part);

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{3})?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/;
const RAW_DATE = /^@(\d{1,10}) ([+-])(\d{2})(\d{2})$/;

const pad2 = (value: number) => String(value).padStart(2, '0');

function zoneText(minutes: number) {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(size / 60))}${pad2(size % 60)}`;
}

/**
 * `date` (GIT_AUTHOR_DATE's value; now when absent) as git writes it in a commit, `<seconds>
 * <±hhmm>`; undefined for a form this does not read exactly as git does (then git reads it):
 * ISO 8601 `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm|±hhmm)` from 1970 to 2099 and `@<seconds> ±hhmm`.
 */
export function gitDate(date: string | undefined, now: number): string | undefined {
  if (date === undefined) {
    const offset = -new Date(now * 1000).getTimezoneOffset();
    return `${now} ${zoneText(offset)}`;
  }
  const raw = RAW_DATE.exec(date);
  if (raw) {
    const [, seconds = '', sign, hours = '', minutes = ''] = raw;
    if (Number(hours) > 14 || Number(minutes) > 59) return undefined;
    const offset = (Number(hours) * 60 + Number(minutes)) * (sign === '-' ? -1 : 1);
    return `${Number(seconds)} ${zoneText(offset)}`;
  }
  const iso = ISO_DATE.exec(date);
  if (!iso) return undefined;
  const [year, month, day, hour, minute, second] = iso.slice(1, 7).map(Number) as number[];
  const [, , , , , , , utc, sign, zoneHours = '0', zoneMinutes = '0'] = iso;
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1970 || year > 2099 || month < 1 || month > 12 || day < 1 || day > daysInMonth) {
    return undefined;
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (Number(zoneHours) > 14 || Number(zoneMinutes) > 59) return undefined;
  const offset =
    utc === 'Z' ? 0 : (Number(zoneHours) * 60 + Number(zoneMinutes)) * (sign === '-' ? -1 : 1);
  const seconds = Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - offset * 60;
  if (seconds < 0) return undefined;
  return `${seconds} ${zoneText(offset)}`;
}

// What git's verify_utf8 rewrites (as Latin-1) in a commit: noncharacters.
const NOT_UTF8_SAFE = /[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD800-\uDBFF][\uDFFE\uDFFF]/;
const FULL_SHA1 = /^[0-9a-f]{40}$/;

/** A commit to write: its tree, parents, author (committer: the author when absent), message. */
export interface CommitSpec {
  tree: string;
  parents: readonly string[];
  author: Signature;
  committer?: Signature | undefined;
  message: string;
}

/**
 * The body of `spec`'s commit in git's exact text (`tree`, `parent`s, `author`, `committer`, a
 * blank line, the message), as `git commit-tree` writes it with GIT_AUTHOR_* and GIT_COMMITTER_*
 * set; undefined when git would write anything else or refuse (a name git trims, a date form
 * not read here, a NUL in the message, a repeated parent, an id not written whole).
 */
export function commitBody(spec: CommitSpec, now = Math.floor(Date.now() / 1000)) {
  const committer = spec.committer ?? spec.author;
  if (!FULL_SHA1.test(spec.tree) || !spec.parents.every((parent) => FULL_SHA1.test(parent))) {
    return undefined;
  }
  if (new Set(spec.parents).size !== spec.parents.length) return undefined;
  const people = [spec.author, committer];
  if (!people.every((who) => cleanIdentPart(who.name) && cleanIdentPart(who.email))) {
    return undefined;
  }
  // An empty date is no date to git's environment (the spawn left it out).
  const authorDate = gitDate(spec.author.date || undefined, now);
  const committerDate = gitDate(committer.date || undefined, now);
  if (authorDate === undefined || committerDate === undefined) return undefined;
  if (spec.message.includes('\0')) return undefined;
  const text =
    `tree ${spec.tree}\n` +
    spec.parents.map((parent) => `parent ${parent}\n`).join('') +
    `author ${spec.author.name} <${spec.author.email}> ${authorDate}\n` +
    `committer ${committer.name} <${committer.email}> ${committerDate}\n` +
    `\n${spec.message}`;
  if (NOT_UTF8_SAFE.test(text)) return undefined;
  return Buffer.from(text, 'utf8');
}

/**
 * Writes `spec` as a commit of `gitDir` and gives its id: in-process when git would write the
 * same bytes ({@link commitBody}), else by `git commit-tree` (which refuses what it refuses).
 */
export async function writeCommit(gitDir: string, spec: CommitSpec): Promise<string> {
  const body = (await inProcessWrites(gitDir)) ? commitBody(spec) : undefined;
  if (body) return writeObject(gitDir, 'commit', body);
  return gitText(
    gitDir,
    ['commit-tree', spec.tree, ...spec.parents.flatMap((parent) => ['-p', parent])],
    { input: spec.message, env: signatureEnv(spec.author, spec.committer) },
  );
}

/** Stores `contents` as blobs of `gitDir` and gives their ids in the same order. */
export async function storeBlobs(gitDir: string, contents: readonly (string | Buffer)[]) {
  if (contents.length === 0) return [];
  if (await inProcessWrites(gitDir)) return writeBlobObjects(gitDir, contents);
  return writeBlobs(gitDir, contents);
}

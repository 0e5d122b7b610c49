import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants, inflateSync } from 'node:zlib';

/**
 * What `git cat-file --batch-command` answers for the names the forge asks most (`<sha>`,
 * `refs/…`, each with `^{commit}`, `^{tree}` or `^{blob}` or bare), read from the repository's
 * files without a git process: the loose ref (else its `packed-refs` line) and the loose object
 * (`objects/xx/…`, zlib-deflated `"<type> <size>\0" + body`), as git reads them. A repository the
 * forge made and wrote itself then never starts a `cat-file` process. Read anew on every call
 * (nothing is kept: a ref may move, by the forge or by a push), with synchronous reads of these
 * small files (a few system calls each, no thread-pool round trips).
 *
 * Undefined (ask git) for anything else: a packed object, an annotated tag on the way, a symbolic
 * or odd ref, a name git would look up otherwise, replaced objects (`refs/replace/`), an object
 * folder given by the environment, a file that does not read as git writes it. `null`: git
 * would answer `missing` (a ref name that is no ref, by every rule git tries it).
 */

/** An object as `cat-file` gives it: its id, type, size and (for `contents`) bytes. */
export interface LocalObject {
  sha: string;
  type: string;
  size: number;
  bytes: Buffer;
}

const SHA1 = /^[0-9a-f]{40}$/;
const NAME = /^(.+?)(?:\^\{(commit|tree|blob)\})?$/;
const TYPES = new Set(['blob', 'tree', 'commit', 'tag']);

// A ref this reads as a path: refs/… in plain parts (no part git refuses or reads otherwise).
const plainRef = (ref: string) =>
  /^refs\/./.test(ref) &&
  ref.split('/').every((part) => /^[A-Za-z0-9_+=,-][A-Za-z0-9._+=,-]*$/.test(part)) &&
  ref.split('/').every((part) => !part.endsWith('.lock') && !part.endsWith('.')) &&
  !ref.includes('..');

class AskGit extends Error {}

function code(cause: unknown) {
  return typeof cause === 'object' && cause !== null && 'code' in cause
    ? String((cause as { code: unknown }).code)
    : '';
}

/** A file's bytes, undefined when it does not exist; anything else odd: ask git. */
function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (cause) {
    if (code(cause) === 'ENOENT') return undefined;
    throw new AskGit();
  }
}

/** name → id of `packed-refs` (none: no file); a line git would read otherwise: ask git. */
function packedRefs(gitDir: string): Map<string, string> {
  const refs = new Map<string, string>();
  const text = readIfThere(join(gitDir, 'packed-refs'))?.toString('utf8') ?? '';
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('^')) continue;
    const space = line.indexOf(' ');
    const sha = line.slice(0, space);
    if (space < 0 || !SHA1.test(sha)) throw new AskGit();
    refs.set(line.slice(space + 1), sha);
  }
  return refs;
}

// The id a ref holds: the loose file's (a plain id), else the packed one's; undefined when there
// is neither. A symbolic ref, a folder in the way, anything else: ask git.
function refValue(gitDir: string, ref: string, packed: () => Map<string, string>) {
  const bytes = readIfThere(join(gitDir, ref));
  if (bytes === undefined) return packed().get(ref);
  const match = /^([0-9a-f]{40})\s*$/.exec(bytes.toString('latin1'));
  if (!match) throw new AskGit();
  return match[1];
}

// git's rules for a name (refs.c ref_rev_parse_rules), in order: the first that names a ref wins.
const RULES = [
  (name: string) => name,
  (name: string) => `refs/${name}`,
  (name: string) => `refs/tags/${name}`,
  (name: string) => `refs/heads/${name}`,
  (name: string) => `refs/remotes/${name}`,
  (name: string) => `refs/remotes/${name}/HEAD`,
];

/** The id `ref` (refs/…) names by git's rules, `null` when none; undefined: ask git. */
function resolveRef(gitDir: string, ref: string, packed: () => Map<string, string>) {
  const first = refValue(gitDir, ref, packed);
  if (first !== undefined) return first;
  // Another rule's ref would win: left to git.
  for (const rule of RULES.slice(1)) {
    if (refValue(gitDir, rule(ref), packed) !== undefined) throw new AskGit();
  }
  return null;
}

/** The loose object `sha`: its type, size and (when `withBytes`) body; undefined: ask git. */
function looseObject(gitDir: string, sha: string, withBytes: boolean): LocalObject | undefined {
  const file = readIfThere(join(gitDir, 'objects', sha.slice(0, 2), sha.slice(2)));
  if (file === undefined) return undefined;
  let raw: Buffer;
  try {
    // The header alone is in the first bytes; the whole object only when its bytes are asked.
    raw = withBytes
      ? inflateSync(file)
      : inflateSync(file.subarray(0, 256), { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
  const nul = raw.indexOf(0);
  const match = nul < 0 ? null : /^([a-z]+) (\d+)$/.exec(raw.toString('latin1', 0, nul));
  if (!match || !TYPES.has(match[1] ?? '')) return undefined;
  const size = Number(match[2]);
  const bytes = withBytes ? raw.subarray(nul + 1) : Buffer.alloc(0);
  if (withBytes && bytes.length !== size) return undefined;
  return { sha, type: match[1] ?? '', size, bytes };
}

// Whether objects may be replaced (`refs/replace/…`, read by cat-file) or are kept elsewhere.
function replacedOrElsewhere(gitDir: string, packed: () => Map<string, string>) {
  if (process.env.GIT_OBJECT_DIRECTORY || process.env.GIT_REPLACE_REF_BASE) return true;
  try {
    statSync(join(gitDir, 'refs', 'replace'));
    return true;
  } catch (cause) {
    if (code(cause) !== 'ENOENT') return true;
  }
  return [...packed().keys()].some((ref) => ref.startsWith('refs/replace/'));
}

/**
 * What `cat-file --batch-command` answers to `info <name>` (`withBytes` false) or `contents
 * <name>`, read from the files: the object, `null` for `missing`, undefined when git must answer.
 */
export function readLocalObject(
  gitDir: string,
  name: string,
  withBytes: boolean,
): LocalObject | null | undefined {
  const parts = NAME.exec(name);
  const [, base = '', peel] = parts ?? [];
  if (!SHA1.test(base) && !plainRef(base)) return undefined;
  let packedCache: Map<string, string> | undefined;
  const packed = () => (packedCache ??= packedRefs(gitDir));
  try {
    if (replacedOrElsewhere(gitDir, packed)) return undefined;
    const sha = SHA1.test(base) ? base : resolveRef(gitDir, base, packed);
    if (sha === null) return null;
    if (sha === undefined) return undefined;
    if (peel === undefined) return looseObject(gitDir, sha, withBytes);
    const object = looseObject(gitDir, sha, withBytes || peel === 'tree');
    if (!object) return undefined;
    if (object.type === peel) return withBytes ? object : { ...object, bytes: Buffer.alloc(0) };
    if (peel === 'tree' && object.type === 'commit') {
      const tree = /^tree ([0-9a-f]{40})\n/.exec(object.bytes.toString('latin1', 0, 46));
      return tree?.[1] ? looseObject(gitDir, tree[1], withBytes) : undefined;
    }
    // A tag to peel, or a type that does not peel (git's error): git answers.
    return undefined;
  } catch (cause) {
    if (cause instanceof AskGit) return undefined;
    throw cause;
  }
}

import { GitError, gitText, hasRefs, objectInfo, readCommitBytes, readObject } from '../git.js';
import { readLocalObject } from '../local-objects.js';
import { storeBlobs, writeCommit } from '../object-store.js';
import { buildTree } from '../tree-builder.js';
import { fail, json, type Reply } from '../http-reply.js';
import type { ForgeRepo } from '../repositories.js';
import type { ForgeUser } from '../users.js';
import { nodeId, type Origins } from './representations.js';

/** What the git data routes need besides the request. */
export interface GitDataContext {
  repo: ForgeRepo;
  user: ForgeUser | undefined;
  origins: Origins;
  /** Past this many entries a recursive tree answers `truncated: true`. */
  treeLimit: number;
  /** A truncateTree fault: the recursive listing keeps this many entries (negative: half). */
  truncateTo?: number;
  /** A staleSha fault: the next ref update answers as if another writer moved the branch. */
  stale?: boolean;
}

const SHA = /^[0-9a-f]{40}$/;

/** The API URL of the context's repository. */
export const repoUrl = (ctx: GitDataContext) =>
  `${ctx.origins.api}/repos/${ctx.repo.owner}/${ctx.repo.name}`;

/** GitHub answers 409 to the git data API of a repository without a commit. */
export async function requireNotEmpty(repo: ForgeRepo) {
  if (!(await hasRefs(repo.gitDir))) fail(409, 'Git Repository is empty.');
}

/** The type of the object `sha` (blob, tree, commit), or undefined when there is none. */
export async function objectType(repo: ForgeRepo, sha: unknown): Promise<string | undefined> {
  if (typeof sha !== 'string' || !SHA.test(sha)) return undefined;
  try {
    return (await objectInfo(repo.gitDir, sha))?.type;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

/**
 * The types of the objects `shas` (those that exist and are well formed): the loose ones read
 * from their files ({@link readLocalObject}), the others in one git run.
 */
export async function objectTypes(repo: ForgeRepo, shas: readonly string[]) {
  const types = new Map<string, string>();
  const rest: string[] = [];
  for (const sha of new Set(shas.filter((sha) => SHA.test(sha)))) {
    const local = readLocalObject(repo.gitDir, sha, false);
    if (local === undefined) rest.push(sha);
    else if (local) types.set(sha, local.type);
  }
  if (rest.length === 0) return types;
  const out = await gitText(
    repo.gitDir,
    ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
    {
      input: `${rest.join('\n')}\n`,
    },
  );
  for (const line of out.split('\n')) {
    const [sha = '', type = ''] = line.split(' ');
    if (type !== 'missing' && SHA.test(sha)) types.set(sha, type);
  }
  return types;
}

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /repos/{owner}/{repo}/git/blobs: `content` in `utf-8` (default) or `base64`. */
export async function createBlob(ctx: GitDataContext, body: unknown): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  if (!isObject(body) || typeof body.content !== 'string') {
    fail(422, 'Invalid request.\n\n"content" wasn\'t supplied.');
  }
  const encoding = body.encoding ?? 'utf-8';
  if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64') {
    fail(422, `encoding must be one of utf-8 or base64`);
  }
  const bytes =
    encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
  const [sha = ''] = await storeBlobs(ctx.repo.gitDir, [bytes]);
  return json(201, { sha, url: `${repoUrl(ctx)}/git/blobs/${sha}` });
}

/** GET /repos/{owner}/{repo}/git/blobs/{sha}: the content in base64, lines of 60. */
export async function getBlob(ctx: GitDataContext, sha: string): Promise<Reply> {
  // One git run on the usual path (a first sync reads a thousand blobs): `cat-file blob` fails
  // for anything but a blob, and only then does it matter whether the repository is empty.
  let bytes: Buffer | undefined;
  if (SHA.test(sha)) {
    try {
      const object = await readObject(ctx.repo.gitDir, sha);
      if (object?.type === 'blob') bytes = object.bytes;
    } catch (cause) {
      if (!(cause instanceof GitError)) throw cause;
    }
  }
  if (!bytes) {
    await requireNotEmpty(ctx.repo);
    fail(404, 'Not Found');
  }
  const base64 = bytes.toString('base64');
  const content = (base64.match(/.{1,60}/g) ?? []).map((line) => `${line}\n`).join('');
  return json(200, {
    sha,
    node_id: nodeId('B', sha),
    size: bytes.length,
    url: `${repoUrl(ctx)}/git/blobs/${sha}`,
    content,
    encoding: 'base64',
  });
}

/** One entry of `git ls-tree -l`. */
export interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  size: number | undefined;
  path: string;
}

/**
 * The entries of a tree, as `git ls-tree -l` lists them (`recursive`: every level, trees
 * included, as with `-r -t`), read through the repository's long-lived `cat-file` (the tree
 * objects, then the blobs' sizes, all sent at once) rather than a git process per listing.
 * `treeish` names a tree or a commit (a sha, a branch, `commit:path`); anything else throws a
 * {@link GitError} as `ls-tree` fails.
 */
export async function listTree(repo: ForgeRepo, treeish: string, recursive: boolean) {
  const { gitDir } = repo;
  const root = await readObject(gitDir, treeish.includes(':') ? treeish : `${treeish}^{tree}`);
  if (root?.type !== 'tree') {
    throw new GitError(['ls-tree', treeish], 128, `fatal: not a tree object: ${treeish}`);
  }
  const entries: TreeEntry[] = [];
  const walk = async (bytes: Buffer, prefix: string): Promise<void> => {
    const level: TreeEntry[] = [];
    for (let at = 0; at < bytes.length;) {
      const space = bytes.indexOf(0x20, at);
      const nul = bytes.indexOf(0, space);
      const mode = bytes.toString('latin1', at, space).padStart(6, '0');
      const sha = bytes.toString('hex', nul + 1, nul + 21);
      const type = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
      level.push({
        mode,
        type,
        sha,
        size: undefined,
        path: prefix + bytes.toString('utf8', space + 1, nul),
      });
      at = nul + 21;
    }
    const [, subtrees] = await Promise.all([
      Promise.all(
        level.map(async (entry) => {
          if (entry.type === 'blob') entry.size = (await objectInfo(gitDir, entry.sha))?.size;
        }),
      ),
      Promise.all(
        level.map(async (entry) => {
          if (!recursive || entry.type !== 'tree') return undefined;
          const subtree = await readObject(gitDir, entry.sha);
          if (subtree?.type === 'tree') return subtree;
          throw new GitError(['ls-tree', treeish], 128, `fatal: not a tree object: ${entry.sha}`);
        }),
      ),
    ]);
    for (const [index, entry] of level.entries()) {
      entries.push(entry);
      const subtree = subtrees[index];
      if (subtree) await walk(subtree.bytes, `${entry.path}/`);
    }
  };
  await walk(root.bytes, '');
  return entries;
}

function treeJson(ctx: GitDataContext, sha: string, entries: TreeEntry[], truncated: boolean) {
  return {
    sha,
    url: `${repoUrl(ctx)}/git/trees/${sha}`,
    tree: entries.map((entry) => ({
      path: entry.path,
      mode: entry.mode,
      type: entry.type,
      sha: entry.sha,
      ...(entry.size === undefined ? {} : { size: entry.size }),
      ...(entry.type === 'commit'
        ? {}
        : { url: `${repoUrl(ctx)}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}` }),
    })),
    truncated,
  };
}

/**
 * How many entries of a recursive listing of `count` a forge answers: `treeLimit`, or fewer
 * under a truncateTree fault (`truncateTo` entries, half when negative, always one fewer than
 * `count`). GitHub's and Gitee's tree calls share it.
 */
export function treeListingLimit(count: number, treeLimit: number, truncateTo?: number): number {
  if (truncateTo === undefined) return treeLimit;
  return Math.min(
    treeLimit,
    truncateTo < 0 ? Math.floor(count / 2) : truncateTo,
    Math.max(0, count - 1),
  );
}

/** GET /repos/{owner}/{repo}/git/trees/{sha}[?recursive=1]: `truncated` past the tree limit. */
export async function getTree(
  ctx: GitDataContext,
  treeish: string,
  recursive: boolean,
): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  const sha = await resolve(ctx.repo, treeish, 'tree');
  if (!sha) fail(404, 'Not Found');
  const entries = await listTree(ctx.repo, sha, recursive);
  const limit = recursive
    ? treeListingLimit(entries.length, ctx.treeLimit, ctx.truncateTo)
    : ctx.treeLimit;
  const truncated = recursive && entries.length > limit;
  return json(200, treeJson(ctx, sha, truncated ? entries.slice(0, limit) : entries, truncated));
}

/**
 * The sha of the `type` object named by `name` (a sha, a branch or a tag; a commit's tree when
 * `type` is tree), or undefined. Never something git would read as an option or a range.
 */
export async function resolve(
  repo: ForgeRepo,
  name: string,
  type: 'tree' | 'commit',
): Promise<string | undefined> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(name) || name.includes('..')) return undefined;
  try {
    return (await objectInfo(repo.gitDir, `${name}^{${type}}`))?.sha;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

const MODES = new Set(['100644', '100755', '040000', '160000', '120000']);

/**
 * POST /repos/{owner}/{repo}/git/trees: entries by `sha` or `content` (a null `sha` deletes the
 * path), on top of `base_tree` when given; nested paths make the folders between.
 */
export async function createTree(ctx: GitDataContext, body: unknown): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  if (!isObject(body) || !Array.isArray(body.tree)) {
    fail(422, 'Invalid request.\n\n"tree" wasn\'t supplied.');
  }
  const files = new Map<string, { mode: string; sha: string }>();
  if (body.base_tree !== undefined && body.base_tree !== null) {
    if ((await objectType(ctx.repo, body.base_tree)) !== 'tree') fail(422, 'Invalid tree info');
    for (const entry of await listTree(ctx.repo, body.base_tree as string, true)) {
      if (entry.type !== 'tree') files.set(entry.path, { mode: entry.mode, sha: entry.sha });
    }
  }
  const removeUnder = (path: string) => {
    files.delete(path);
    for (const existing of [...files.keys()]) {
      if (existing.startsWith(`${path}/`)) files.delete(existing);
    }
  };
  // Inline contents are stored, and the types of the shas named are read, in one git run each
  // (a tree of a thousand files is a sync's usual size).
  const entries = body.tree as unknown[];
  const inline = entries.filter(
    (raw): raw is { content: string } => isObject(raw) && typeof raw.content === 'string',
  );
  const inlineShas = await storeBlobs(
    ctx.repo.gitDir,
    inline.map((raw) => raw.content),
  );
  const blobOfInline = new Map(inline.map((raw, index) => [raw, inlineShas[index] ?? '']));
  const types = await objectTypes(
    ctx.repo,
    entries.flatMap((raw) => (isObject(raw) && typeof raw.sha === 'string' ? [raw.sha] : [])),
  );
  for (const raw of entries) {
    if (!isObject(raw) || typeof raw.path !== 'string' || typeof raw.mode !== 'string') {
      fail(422, 'Invalid tree info');
    }
    const path = raw.path.replace(/^\/+|\/+$/g, '');
    const segments = path.split('/');
    if (
      path === '' ||
      segments.some((part) => part === '' || part === '.' || part === '..' || part === '.git')
    ) {
      fail(422, `tree.path contains a malformed path component`);
    }
    if (!MODES.has(raw.mode)) fail(422, `tree.mode ${raw.mode} is not valid`);
    if (raw.sha === null) {
      removeUnder(path);
      continue;
    }
    let sha: string;
    if (typeof raw.content === 'string') {
      sha = blobOfInline.get(raw as { content: string }) ?? '';
    } else {
      const type = typeof raw.sha === 'string' ? types.get(raw.sha) : undefined;
      const expected = raw.mode === '040000' ? 'tree' : raw.mode === '160000' ? 'commit' : 'blob';
      if (raw.mode !== '160000' && type !== expected) {
        fail(422, `tree.sha ${JSON.stringify(raw.sha)} is not a valid ${expected}`);
      }
      sha = raw.sha as string;
    }
    removeUnder(path);
    for (const existing of files.keys()) {
      if (path.startsWith(`${existing}/`)) files.delete(existing);
    }
    if (raw.mode === '040000') {
      for (const entry of await listTree(ctx.repo, sha, true)) {
        if (entry.type !== 'tree') {
          files.set(`${path}/${entry.path}`, { mode: entry.mode, sha: entry.sha });
        }
      }
    } else {
      files.set(path, { mode: raw.mode, sha });
    }
  }
  // A fresh index of these files, as `update-index --add --index-info` and `write-tree`.
  const sha = await buildTree(ctx.repo.gitDir, undefined, [...files]);
  return json(201, treeJson(ctx, sha, await listTree(ctx.repo, sha, false), false));
}

const isoDate = (seconds: string, _zone: string) =>
  new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function person(line: string) {
  const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(line);
  if (!match) return { name: line, email: '', date: '' };
  return {
    name: match[1] ?? '',
    email: match[2] ?? '',
    date: isoDate(match[3] ?? '0', match[4] ?? ''),
  };
}

/** The commit `sha` in GitHub's `git-commit` shape. */
export async function commitJson(ctx: GitDataContext, sha: string) {
  const raw = (await readCommitBytes(ctx.repo.gitDir, sha)).toString('utf8');
  const split = raw.indexOf('\n\n');
  const headers = (split < 0 ? raw : raw.slice(0, split)).split('\n');
  const message = split < 0 ? '' : raw.slice(split + 2);
  const field = (name: string) =>
    headers
      .filter((line) => line.startsWith(`${name} `))
      .map((line) => line.slice(name.length + 1));
  const tree = field('tree')[0] ?? '';
  const url = repoUrl(ctx);
  const html = `${ctx.origins.web}/${ctx.repo.owner}/${ctx.repo.name}`;
  return {
    sha,
    node_id: nodeId('C', sha),
    url: `${url}/git/commits/${sha}`,
    html_url: `${html}/commit/${sha}`,
    author: person(field('author')[0] ?? ''),
    committer: person(field('committer')[0] ?? ''),
    tree: { sha: tree, url: `${url}/git/trees/${tree}` },
    message: message.replace(/\n$/, ''),
    parents: field('parent').map((parent) => ({
      sha: parent,
      url: `${url}/git/commits/${parent}`,
      html_url: `${html}/commit/${parent}`,
    })),
    verification: {
      verified: false,
      reason: 'unsigned',
      signature: null,
      payload: null,
      verified_at: null,
    },
  };
}

function identity(value: unknown, fallback: { name: string; email: string }) {
  if (!isObject(value)) return { ...fallback, date: undefined };
  return {
    name: typeof value.name === 'string' ? value.name : fallback.name,
    email: typeof value.email === 'string' ? value.email : fallback.email,
    date: typeof value.date === 'string' ? value.date : undefined,
  };
}

/** POST /repos/{owner}/{repo}/git/commits: `message`, `tree`, `parents`, `author`, `committer`. */
export async function createCommit(ctx: GitDataContext, body: unknown): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  if (!isObject(body) || typeof body.message !== 'string') {
    fail(422, 'Invalid request.\n\n"message" wasn\'t supplied.');
  }
  if ((await objectType(ctx.repo, body.tree)) !== 'tree') fail(422, 'Tree SHA does not exist');
  const parents = body.parents ?? [];
  if (!Array.isArray(parents)) fail(422, 'Invalid request.\n\n"parents" is not an array.');
  for (const parent of parents) {
    if ((await objectType(ctx.repo, parent)) !== 'commit') {
      fail(422, 'Parent SHA does not exist or is not a commit object');
    }
  }
  const login = ctx.user?.login ?? ctx.repo.owner;
  const fallback = {
    name: ctx.user?.name ?? login,
    email: ctx.user?.email ?? `${ctx.user?.id ?? 0}+${login}@users.noreply.forge-sim`,
  };
  const author = identity(body.author, fallback);
  const committer = identity(body.committer ?? body.author, fallback);
  const sha = await writeCommit(ctx.repo.gitDir, {
    tree: body.tree as string,
    parents: parents as string[],
    author,
    committer,
    message: body.message,
  });
  return json(201, await commitJson(ctx, sha));
}

/** GET /repos/{owner}/{repo}/git/commits/{sha}. */
export async function getCommit(ctx: GitDataContext, sha: string): Promise<Reply> {
  await requireNotEmpty(ctx.repo);
  if ((await objectType(ctx.repo, sha)) !== 'commit') fail(404, 'Not Found');
  return json(200, await commitJson(ctx, sha));
}

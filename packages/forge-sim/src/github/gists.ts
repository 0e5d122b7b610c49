import { branchTip, commitFiles } from '../commit-files.js';
import { GIST_BRANCH, type ForgeGist, type Gists } from '../gists.js';
import { blobBytesOf, git, GitError, gitText } from '../git.js';
import { fail, json, type Reply } from '../http-reply.js';
import type { ForgeUser, Users } from '../users.js';
import { linkHeader, pageOf } from './pagination.js';
import { isObject } from './git-data.js';
import { nodeId, simpleUser, type Origins } from './representations.js';

/** What the gist routes read and change. */
export interface GistContext {
  gists: Gists;
  users: Users;
  origins: Origins;
  user: ForgeUser | undefined;
}

/** GitHub gives at most this much of a file's content in a gist's answer (then `truncated`). */
export const GIST_FILE_LIMIT = 1024 * 1024;
// eslint-disable-next-line no-control-regex
const FILE_NAME = /^[^/\\\u0000-\u001f]{1,255}$/;

const TYPES: Record<string, [string, string | null]> = {
  md: ['text/markdown', 'Markdown'],
  markdown: ['text/markdown', 'Markdown'],
  html: ['text/html', 'HTML'],
  htm: ['text/html', 'HTML'],
  txt: ['text/plain', 'Text'],
  json: ['application/json', 'JSON'],
  css: ['text/css', 'CSS'],
  js: ['application/javascript', 'JavaScript'],
};

const gistUrl = (ctx: GistContext, id: string) => `${ctx.origins.api}/gists/${id}`;

/** The files of a gist at commit `sha`: name → bytes and blob sha. */
async function filesAt(gist: ForgeGist, sha: string) {
  const out = (await git(gist.gitDir, ['ls-tree', '-z', sha])).toString('utf8');
  const files = new Map<string, Buffer>();
  for (const line of out.split('\0').filter(Boolean)) {
    const tab = line.indexOf('\t');
    const blob = line.slice(0, tab).split(' ')[2] ?? '';
    files.set(line.slice(tab + 1), await blobBytesOf(gist.gitDir, blob));
  }
  return files;
}

/** The revisions of a gist, newest first, in GitHub's `gist-commit`/`gist-history` shape. */
async function history(ctx: GistContext, gist: ForgeGist) {
  const tip = await branchTip(gist.gitDir, GIST_BRANCH);
  if (!tip) return [];
  const log = await gitText(gist.gitDir, ['log', '--format=%H %ct', '--numstat', tip]);
  const owner = ctx.users.byLogin(gist.owner);
  const revisions: {
    url: string;
    version: string;
    user: ReturnType<typeof simpleUser> | null;
    change_status: { total: number; additions: number; deletions: number };
    committed_at: string;
  }[] = [];
  for (const line of log.split('\n')) {
    const head = /^([0-9a-f]{40}) (\d+)$/.exec(line);
    if (head) {
      revisions.push({
        url: `${gistUrl(ctx, gist.id)}/${head[1]}`,
        version: head[1] ?? '',
        user: owner ? simpleUser(owner, ctx.origins) : null,
        change_status: { total: 0, additions: 0, deletions: 0 },
        committed_at: new Date(Number(head[2]) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      });
      continue;
    }
    const counts = /^(\d+|-)\t(\d+|-)\t/.exec(line);
    const last = revisions.at(-1);
    if (counts && last) {
      const additions = Number(counts[1]) || 0;
      const deletions = Number(counts[2]) || 0;
      last.change_status.additions += additions;
      last.change_status.deletions += deletions;
      last.change_status.total += additions + deletions;
    }
  }
  return revisions;
}

/** A gist at revision `sha` (the latest when absent) in GitHub's `gist-simple` shape. */
async function gistJson(ctx: GistContext, gist: ForgeGist, sha?: string) {
  const url = gistUrl(ctx, gist.id);
  const owner = ctx.users.byLogin(gist.owner);
  const revision = sha ?? (await branchTip(gist.gitDir, GIST_BRANCH));
  const files: Record<string, unknown> = {};
  if (revision) {
    for (const [name, bytes] of await filesAt(gist, revision)) {
      const extension = name.includes('.')
        ? name.slice(name.lastIndexOf('.') + 1).toLowerCase()
        : '';
      const [type, language] = TYPES[extension] ?? ['text/plain', null];
      const truncated = bytes.length > GIST_FILE_LIMIT;
      files[name] = {
        filename: name,
        type,
        language,
        raw_url: `${ctx.origins.web}/gist/${gist.owner}/${gist.id}/raw/${revision}/${encodeURIComponent(name)}`,
        size: bytes.length,
        truncated,
        content: (truncated ? bytes.subarray(0, GIST_FILE_LIMIT) : bytes).toString('utf8'),
        encoding: 'utf-8',
      };
    }
  }
  const user = owner ? simpleUser(owner, ctx.origins) : null;
  return {
    url,
    forks_url: `${url}/forks`,
    commits_url: `${url}/commits`,
    id: gist.id,
    node_id: nodeId('G', gist.id),
    git_pull_url: `${ctx.origins.web}/gist/${gist.id}.git`,
    git_push_url: `${ctx.origins.web}/gist/${gist.id}.git`,
    html_url: `${ctx.origins.web}/gist/${gist.id}`,
    files,
    public: gist.public,
    created_at: gist.createdAt,
    updated_at: gist.updatedAt,
    description: gist.description,
    comments: 0,
    comments_enabled: true,
    user: null,
    comments_url: `${url}/comments`,
    owner: user,
    truncated: Object.keys(files).length > 300,
    forks: [],
    history: await history(ctx, gist),
  };
}

/** GitHub's 422 'Validation Failed' about the gist's `field`. */
function validation(field: string, code: string, message?: string): never {
  fail(422, 'Validation Failed', {
    errors: [{ resource: 'Gist', code, field, ...(message ? { message } : {}) }],
  });
}

/** The gist `id` as the caller may see it: 404 when unknown. Secret gists are only unlisted. */
function visible(ctx: GistContext, id: string) {
  const gist = /^[0-9a-f]{1,40}$/.test(id) ? ctx.gists.get(id) : undefined;
  if (!gist) fail(404, 'Not Found');
  return gist;
}

/** The gist `id` if the caller owns it; 404 otherwise, as GitHub. */
function owned(ctx: GistContext, id: string) {
  if (!ctx.user) fail(401, 'Requires authentication');
  const gist = visible(ctx, id);
  if (gist.owner.toLowerCase() !== ctx.user.login.toLowerCase()) fail(404, 'Not Found');
  return gist;
}

function signature(user: ForgeUser) {
  return {
    name: user.name ?? user.login,
    email: user.email ?? `${user.id}+${user.login}@users.noreply.forge-sim`,
  };
}

/** POST /gists: `files` ({name: {content}}), `description`, `public`; one first revision. */
export async function createGist(ctx: GistContext, body: unknown): Promise<Reply> {
  const user = ctx.user;
  if (!user) fail(401, 'Requires authentication');
  if (!isObject(body) || !isObject(body.files))
    fail(422, 'Invalid request.\n\n"files" wasn\'t supplied.');
  const changes = new Map<string, Buffer | null>();
  for (const [name, file] of Object.entries(body.files)) {
    if (!FILE_NAME.test(name)) validation('files', 'invalid', `filename ${name} is invalid`);
    if (!isObject(file) || typeof file.content !== 'string' || file.content === '') {
      validation('files', 'missing_field', "contents can't be blank");
    }
    changes.set(name, Buffer.from((file as { content: string }).content, 'utf8'));
  }
  if (changes.size === 0) validation('files', 'missing_field');
  const gist = await ctx.gists.create({
    owner: user.login,
    public: body.public === true || body.public === 'true',
    description: typeof body.description === 'string' ? body.description : null,
  });
  try {
    await commitFiles({
      gitDir: gist.gitDir,
      branch: GIST_BRANCH,
      parent: undefined,
      changes,
      message: '',
      author: signature(user),
    });
  } catch (cause) {
    ctx.gists.forget(gist.id);
    throw cause;
  }
  const answer = await gistJson(ctx, gist);
  return json(201, answer, { location: answer.url });
}

/** GET /gists/{gist_id}: files with their content, `truncated`, and the history. */
export async function getGist(ctx: GistContext, id: string): Promise<Reply> {
  return json(200, await gistJson(ctx, visible(ctx, id)));
}

/** GET /gists/{gist_id}/{sha}: the gist at one revision. */
export async function getGistRevision(ctx: GistContext, id: string, sha: string): Promise<Reply> {
  const gist = visible(ctx, id);
  if (!/^[0-9a-f]{4,40}$/.test(sha)) fail(422, 'Invalid request.');
  let full: string;
  try {
    full = await gitText(gist.gitDir, ['rev-parse', '--verify', '--quiet', `${sha}^{commit}`]);
  } catch (cause) {
    if (cause instanceof GitError) fail(404, 'Not Found');
    throw cause;
  }
  return json(200, await gistJson(ctx, gist, full));
}

/** GET /gists/{gist_id}/commits: the revisions, newest first, paginated as GitHub. */
export async function listGistCommits(
  ctx: GistContext,
  id: string,
  query: URLSearchParams,
): Promise<Reply> {
  const gist = visible(ctx, id);
  const all = await history(ctx, gist);
  const { perPage, page } = pageOf(query);
  const link = linkHeader(`${gistUrl(ctx, id)}/commits`, query, page, perPage, all.length);
  return json(200, all.slice((page - 1) * perPage, page * perPage), link ? { link } : undefined);
}

/**
 * PATCH /gists/{gist_id}: `description`, `files` (a null file deletes it, `filename` renames,
 * `content` replaces); one new revision when the files change. Only the owner (404 otherwise).
 */
export async function updateGist(ctx: GistContext, id: string, body: unknown): Promise<Reply> {
  const gist = owned(ctx, id);
  const user = ctx.user as ForgeUser;
  if (!isObject(body)) fail(400, 'Problems parsing JSON');
  return ctx.gists.exclusive(gist, async () => {
    const tip = await branchTip(gist.gitDir, GIST_BRANCH);
    const current = tip ? await filesAt(gist, tip) : new Map<string, Buffer>();
    const next = new Map(current);
    if (body.files !== undefined) {
      if (!isObject(body.files)) validation('files', 'invalid');
      for (const [name, file] of Object.entries(body.files as Record<string, unknown>)) {
        if (file === null) {
          if (!next.has(name)) validation('files', 'missing_field', `${name} does not exist`);
          next.delete(name);
          continue;
        }
        if (!isObject(file)) validation('files', 'invalid');
        const rename = typeof file.filename === 'string' ? file.filename : name;
        if (!FILE_NAME.test(rename))
          validation('files', 'invalid', `filename ${rename} is invalid`);
        const content =
          typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : current.get(name);
        if (content === undefined || content.length === 0) {
          validation('files', 'missing_field', "contents can't be blank");
        }
        next.delete(name);
        next.set(rename, content as Buffer);
      }
      if (next.size === 0) validation('files', 'missing_field', "files can't be blank");
    }
    const changes = new Map<string, Buffer | null>();
    for (const name of current.keys()) if (!next.has(name)) changes.set(name, null);
    for (const [name, bytes] of next) {
      if (!current.get(name)?.equals(bytes)) changes.set(name, bytes);
    }
    if (typeof body.description === 'string' || body.description === null) {
      gist.description = body.description as string | null;
    }
    if (changes.size > 0) {
      await commitFiles({
        gitDir: gist.gitDir,
        branch: GIST_BRANCH,
        parent: tip,
        changes,
        message: '',
        author: signature(user),
      });
    }
    ctx.gists.touch(gist);
    return json(200, await gistJson(ctx, gist));
  });
}

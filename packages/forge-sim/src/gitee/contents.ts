import { branchTip, BranchMovedError, commitFiles } from '../commit-files.js';
import { blobBytesOf } from '../git.js';
import { listTree } from '../github/git-data.js';
import { entryAt, isEmpty, readCommit, revision } from '../gitea/git-read.js';
import {
  GiteeError,
  param,
  person,
  required,
  type GiteeContext,
  type GiteeReply,
  type GiteeRequest,
} from './context.js';
import { contentBasic, giteeEmail, writeCommit } from './representations.js';
import { requireUser } from './repos.js';

function cleanPath(path: string) {
  const cleaned = path.replace(/^\/+|\/+$/g, '');
  if (
    cleaned === '' ||
    cleaned
      .split('/')
      .some((part) => part === '' || part === '.' || part === '..' || part === '.git')
  ) {
    throw new GiteeError(400, '文件路径不合法');
  }
  return cleaned;
}

function decodeBase64(content: string) {
  const compact = content.replace(/[\r\n]/g, '');
  if (/[^A-Za-z0-9+/=]/.test(compact) || compact.length % 4 !== 0) {
    throw new GiteeError(400, 'content is invalid');
  }
  return Buffer.from(compact, 'base64');
}

/**
 * One commit of one file (Gitee has no multi-file commit): create it (`sha` absent; 400 when it
 * exists), update it or delete it (`sha` the file's current blob; 400 when it differs).
 */
async function writeOne(
  ctx: GiteeContext,
  request: GiteeRequest,
  kind: 'create' | 'update' | 'delete',
) {
  const repo = request.repo!;
  const user = requireUser(request);
  const path = cleanPath(request.params.path ?? '');
  const branch = param(request, 'branch') || repo.defaultBranch;
  return ctx.repos.exclusive(repo, async () => {
    const parent = await branchTip(repo.gitDir, branch);
    if (!parent && !((await isEmpty(repo)) && branch === repo.defaultBranch)) {
      throw new GiteeError(404, 'Branch Not Found');
    }
    const existing = parent ? await entryAt(repo, parent, path) : undefined;
    let content: Buffer | null = null;
    if (kind === 'create') {
      if (existing) throw new GiteeError(400, 'A file with this name already exists');
      content = decodeBase64(param(request, 'content'));
    } else {
      if (!existing || existing.type !== 'blob') throw new GiteeError(404, 'File Not Found');
      if (existing.sha !== param(request, 'sha')) {
        throw new GiteeError(400, `sha does not match: ${path} has ${existing.sha}`);
      }
      if (kind === 'update') content = decodeBase64(param(request, 'content'));
    }
    const doer = { name: user.name ?? user.login, email: giteeEmail(user) };
    const author = person(request, 'author') ?? doer;
    const committer = person(request, 'committer') ?? doer;
    try {
      const sha = await commitFiles({
        gitDir: repo.gitDir,
        branch,
        parent,
        changes: new Map([[path, content]]),
        message: `${param(request, 'message')}\n`,
        author,
        committer,
      });
      return { sha, branch, path };
    } catch (cause) {
      if (cause instanceof BranchMovedError)
        throw new GiteeError(409, 'Branch was changed meanwhile');
      throw cause;
    }
  });
}

async function commitContent(
  ctx: GiteeContext,
  request: GiteeRequest,
  written: { sha: string; branch: string; path: string },
  status: number,
  deleted = false,
) {
  const repo = request.repo!;
  const entry = deleted ? undefined : await entryAt(repo, written.sha, written.path);
  return {
    status,
    body: {
      content: entry ? contentBasic(ctx, repo, written.branch, entry) : null,
      commit: writeCommit(ctx, repo, await readCommit(repo, written.sha)),
    },
  };
}

/** POST /v5/repos/{owner}/{repo}/contents/{path}: `content` (base64) and `message` required. */
export async function createFile(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  requireUser(request);
  required(request, 'content', 'message');
  return commitContent(ctx, request, await writeOne(ctx, request, 'create'), 201);
}

/** PUT /v5/repos/{owner}/{repo}/contents/{path}: `content`, `sha` and `message` required. */
export async function updateFile(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  requireUser(request);
  required(request, 'content', 'sha', 'message');
  return commitContent(ctx, request, await writeOne(ctx, request, 'update'), 200);
}

/** DELETE /v5/repos/{owner}/{repo}/contents/{path}?sha&message: `sha` and `message` required. */
export async function deleteFile(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  requireUser(request);
  required(request, 'sha', 'message');
  return commitContent(ctx, request, await writeOne(ctx, request, 'delete'), 200, true);
}

/**
 * GET /v5/repos/{owner}/{repo}/contents/{path}?ref: a file (`Content`, base64) or a folder (a
 * list of them without content). A path that does not exist answers an empty list, as Gitee does.
 */
export async function getContents(ctx: GiteeContext, request: GiteeRequest): Promise<GiteeReply> {
  const repo = request.repo!;
  const ref = param(request, 'ref') || repo.defaultBranch;
  const path = (request.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const commit = await revision(repo, ref, 'commit');
  const entry = commit ? await entryAt(repo, commit, path) : undefined;
  if (!commit || !entry) return { status: 200, body: [] };
  const describe = async (
    item: { type: string; sha: string; size: number; path: string },
    withContent: boolean,
  ) => {
    const bytes = withContent ? await blobBytesOf(repo.gitDir, item.sha) : undefined;
    return {
      ...contentBasic(ctx, repo, ref, item),
      encoding: bytes ? 'base64' : null,
      content: bytes ? bytes.toString('base64') : null,
    };
  };
  if (entry.type === 'blob') return { status: 200, body: await describe(entry, true) };
  const children = await listTree(repo, path ? `${commit}:${path}` : commit, false);
  const body = [];
  for (const child of children) {
    body.push(
      await describe(
        { ...child, size: child.size ?? 0, path: path ? `${path}/${child.path}` : child.path },
        false,
      ),
    );
  }
  return { status: 200, body };
}

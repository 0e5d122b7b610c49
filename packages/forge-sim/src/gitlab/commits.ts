import { gitText } from '../git.js';
import { json, ReplyError, type Reply } from '../http-reply.js';
import type { ForgeRepo } from '../repositories.js';
import {
  findProject,
  requireUser,
  requireWrite,
  type GitLabContext,
  type GitLabRequest,
} from './context.js';
import { missingParams, notFound } from './errors.js';
import { historyPage, readCommit, resolveCommit, type GitCommit } from './git-read.js';
import { authorOf, decodeContent, validFilePath } from './files.js';
import { offsetHeaders, pageOf } from './pagination.js';
import { commitDetail, commitEntity } from './representations.js';
import { commitActions, type CommitAction } from './write-commit.js';

const ACTIONS = new Set(['create', 'update', 'delete', 'move', 'chmod']);

/** Lines added and removed by `sha` against its first parent (`git show --numstat`). */
async function statsOf(repo: ForgeRepo, sha: string) {
  const out = await gitText(repo.gitDir, ['show', '--numstat', '--format=', '--first-parent', sha]);
  let additions = 0;
  let deletions = 0;
  for (const line of out.split('\n')) {
    const [added = '', removed = ''] = line.split('\t');
    additions += Number(added) || 0;
    deletions += Number(removed) || 0;
  }
  return { additions, deletions };
}

async function detail(ctx: GitLabContext, repo: ForgeRepo, commit: GitCommit, stats: boolean) {
  const numbers = stats ? await statsOf(repo, commit.id) : { additions: 0, deletions: 0 };
  const described = commitDetail(commit, repo, ctx.origins, numbers);
  if (!stats) {
    const { stats: _stats, ...rest } = described;
    return rest;
  }
  return described;
}

/**
 * GET /projects/:id/repository/commits (`ref_name`, `path`, `since`, `until`, `all`,
 * `first_parent`, `per_page`, `page`): the history, newest first, a page at a time with GitLab's
 * pagination headers.
 */
export async function listCommits(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  url: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const { query } = request;
  const { page, perPage } = pageOf(query);
  const ref = query.get('ref_name') || repo.defaultBranch;
  const all = query.get('all') === 'true';
  const start = all ? undefined : await resolveCommit(repo.gitDir, ref);
  if (!all && !start) return json(200, [], offsetHeaders(url, query, page, perPage, 0));
  const { total, commits } = await historyPage(repo.gitDir, {
    start,
    path: query.get('path') || '',
    skip: (page - 1) * perPage,
    max: perPage,
    since: query.get('since') || undefined,
    until: query.get('until') || undefined,
    firstParent: query.get('first_parent') === 'true',
  });
  return json(
    200,
    commits.map((commit) => commitEntity(commit, repo, ctx.origins)),
    offsetHeaders(url, query, page, perPage, total),
  );
}

/** GET /projects/:id/repository/commits/:sha (a sha, a branch or a tag; `stats`, default true). */
export async function getCommit(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
  sha: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const commit = await readCommit(repo.gitDir, sha);
  if (!commit) notFound('Commit');
  return json(200, await detail(ctx, repo, commit, request.query.get('stats') !== 'false'));
}

function grapeError(message: string): never {
  throw new ReplyError(json(400, { error: message }));
}

/** The actions of a commit request, checked as Grape checks them. */
function readActions(value: unknown): CommitAction[] {
  if (!Array.isArray(value) || value.length === 0) missingParams(['actions']);
  return value.map((raw: unknown, index) => {
    const action = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const at = `actions[${index}]`;
    const absent = ['action', 'file_path']
      .filter((name) => typeof action[name] !== 'string' || action[name] === '')
      .map((name) => `${at}[${name}]`);
    if (absent.length > 0) missingParams(absent);
    if (!ACTIONS.has(String(action.action)))
      grapeError(`${at}[action] does not have a valid value`);
    if (!validFilePath(String(action.file_path))) {
      grapeError(`${at}[file_path] should be a valid file path`);
    }
    if (action.action === 'move' && typeof action.previous_path !== 'string') {
      missingParams([`${at}[previous_path]`]);
    }
    if (typeof action.previous_path === 'string' && !validFilePath(action.previous_path)) {
      grapeError(`${at}[previous_path] should be a valid file path`);
    }
    if (
      action.encoding !== undefined &&
      action.encoding !== 'text' &&
      action.encoding !== 'base64'
    ) {
      grapeError(`${at}[encoding] does not have a valid value`);
    }
    return {
      action: action.action as CommitAction['action'],
      filePath: String(action.file_path),
      previousPath: typeof action.previous_path === 'string' ? action.previous_path : undefined,
      content:
        typeof action.content === 'string'
          ? decodeContent(action.content, action.encoding)
          : undefined,
      lastCommitId: typeof action.last_commit_id === 'string' ? action.last_commit_id : undefined,
      executeFilemode:
        typeof action.execute_filemode === 'boolean' ? action.execute_filemode : undefined,
    };
  });
}

/**
 * POST /projects/:id/repository/commits: `branch`, `commit_message` and `actions` (create,
 * update, delete, move, chmod, each with its `last_commit_id` check) as ONE git commit on the
 * branch, made from `start_branch` or `start_sha` when the branch is new. Answers 201 with the
 * commit's details.
 */
export async function createCommit(
  ctx: GitLabContext,
  request: GitLabRequest,
  id: string,
): Promise<Reply> {
  const repo = findProject(ctx, request, id);
  const user = requireUser(request);
  const { body } = request;
  const absent = ['branch', 'commit_message', 'actions'].filter((name) =>
    name === 'actions'
      ? !Array.isArray(body.actions)
      : typeof body[name] !== 'string' || body[name] === '',
  );
  if (absent.length > 0) missingParams(absent);
  const actions = readActions(body.actions);
  requireWrite(request, repo);
  const sha = await commitActions(ctx.repos, repo, {
    branch: String(body.branch),
    startBranch: typeof body.start_branch === 'string' ? body.start_branch : undefined,
    startSha: typeof body.start_sha === 'string' ? body.start_sha : undefined,
    message: String(body.commit_message),
    author: authorOf(user, body),
    actions,
  });
  const commit = await readCommit(repo.gitDir, sha);
  if (!commit) notFound('Commit');
  return json(201, await detail(ctx, repo, commit, body.stats !== false));
}

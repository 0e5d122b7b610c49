import type { ForgeGist } from '../gists.js';
import type { ForgeRepo } from '../repositories.js';
import type { ForgeUser } from '../users.js';
import type { CommitObject } from '../gitea/git-read.js';
import type { GiteeContext } from './context.js';

/** The email a user's commits carry (theirs, or a no-reply address). */
export const giteeEmail = (user: ForgeUser) => user.email ?? `${user.login}@user.noreply.gitee.com`;

/** The account whose commit email `email` is, if any. */
export function giteeUserByEmail(ctx: GiteeContext, email: string) {
  const noreply = /^(.+)@user\.noreply\.gitee\.com$/i.exec(email);
  return ctx.users.byEmail(email) ?? (noreply ? ctx.users.byLogin(noreply[1] ?? '') : undefined);
}

/** Gitee's `UserBasic`. */
export function userBasic(ctx: GiteeContext, user: ForgeUser) {
  const url = `${ctx.api}/users/${user.login}`;
  return {
    id: user.id,
    login: user.login,
    name: user.name ?? user.login,
    avatar_url: `${ctx.web}/assets/no_portrait.png`,
    url,
    html_url: `${ctx.web}/${user.login}`,
    remark: '',
    followers_url: `${url}/followers`,
    following_url: `${url}/following_url{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'User',
    site_admin: false,
    email: user.email,
  };
}

/** Gitee's `User` (the profile), with counts. */
export function giteeUser(
  ctx: GiteeContext,
  user: ForgeUser,
  counts: { repos: number; gists: number },
) {
  return {
    ...userBasic(ctx, user),
    blog: null,
    weibo: null,
    bio: null,
    public_repos: counts.repos,
    public_gists: counts.gists,
    followers: 0,
    following: 0,
    stared: 0,
    watched: 0,
    created_at: user.createdAt,
    updated_at: user.createdAt,
  };
}

/** Gitee's `Project` (a repository). */
export function project(
  ctx: GiteeContext,
  repo: ForgeRepo,
  owner: ForgeUser,
  viewer: ForgeUser | undefined,
) {
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  const html = `${ctx.web}/${repo.owner}/${repo.name}`;
  const isOwner = viewer?.id === owner.id;
  return {
    id: repo.id,
    full_name: `${repo.owner}/${repo.name}`,
    human_name: `${owner.name ?? owner.login}/${repo.name}`,
    url: api,
    namespace: {
      id: owner.id,
      type: 'personal',
      name: owner.name ?? owner.login,
      path: owner.login,
      html_url: `${ctx.web}/${owner.login}`,
      parent: null,
    },
    path: repo.name,
    name: repo.name,
    owner: userBasic(ctx, owner),
    assigner: userBasic(ctx, owner),
    description: repo.description ?? '',
    private: repo.private,
    public: !repo.private,
    internal: false,
    fork: false,
    html_url: `${html}.git`,
    ssh_url: `git@${new URL(ctx.web).hostname}:${repo.owner}/${repo.name}.git`,
    forks_url: `${api}/forks`,
    keys_url: `${api}/keys{/key_id}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    hooks_url: `${api}/hooks`,
    branches_url: `${api}/branches{/branch}`,
    tags_url: `${api}/tags`,
    blobs_url: `${api}/blobs{/sha}`,
    stargazers_url: `${api}/stargazers`,
    contributors_url: `${api}/contributors`,
    commits_url: `${api}/commits{/sha}`,
    comments_url: `${api}/comments{/number}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issues_url: `${api}/issues{/number}`,
    pulls_url: `${api}/pulls{/number}`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    labels_url: `${api}/labels{/name}`,
    releases_url: `${api}/releases{/id}`,
    recommend: false,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 1,
    default_branch: repo.defaultBranch,
    open_issues_count: 0,
    has_issues: true,
    has_wiki: true,
    can_comment: true,
    pull_requests_enabled: true,
    has_page: false,
    license: null,
    outsourced: false,
    project_creator: owner.login,
    members: [owner.login],
    pushed_at: repo.createdAt,
    created_at: repo.createdAt,
    updated_at: repo.createdAt,
    parent: null,
    paas: null,
    stared: false,
    watched: isOwner,
    permission: { pull: true, push: isOwner, admin: isOwner },
    relation: isOwner ? 'master' : '',
  };
}

/** Gitee's `ContentBasic` of a file or folder at `ref`. */
export function contentBasic(
  ctx: GiteeContext,
  repo: ForgeRepo,
  ref: string,
  entry: { type: string; sha: string; size: number; path: string },
) {
  const escaped = entry.path.split('/').map(encodeURIComponent).join('/');
  const self = `${ctx.api}/repos/${repo.owner}/${repo.name}/contents/${escaped}`;
  const html = `${ctx.web}/${repo.owner}/${repo.name}/${entry.type === 'tree' ? 'tree' : 'blob'}/${ref}/${escaped}`;
  return {
    name: entry.path.split('/').at(-1) ?? '',
    path: entry.path,
    size: entry.type === 'tree' ? 0 : entry.size,
    sha: entry.sha,
    type: entry.type === 'tree' ? 'dir' : 'file',
    url: self,
    html_url: html,
    download_url:
      entry.type === 'tree' ? null : `${ctx.web}/${repo.owner}/${repo.name}/raw/${ref}/${escaped}`,
    _links: { self, html },
  };
}

/**
 * The commit of a contents write: the documented `Commit` fields (id, tree_id, parent_ids,
 * message, timestamp, url, author, committer, distinct, added, removed, modified) and the
 * git fields (sha, tree, parents) beside them.
 */
export function writeCommit(ctx: GiteeContext, repo: ForgeRepo, commit: CommitObject) {
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  const who = (person: CommitObject['author']) => {
    const user = giteeUserByEmail(ctx, person.email);
    return {
      ...(user ? userBasic(ctx, user) : {}),
      name: person.name,
      email: person.email,
      date: person.date,
    };
  };
  return {
    id: commit.sha,
    sha: commit.sha,
    tree_id: commit.tree,
    parent_ids: commit.parents,
    message: commit.message,
    timestamp: commit.committer.date,
    url: `${ctx.web}/${repo.owner}/${repo.name}/commit/${commit.sha}`,
    author: who(commit.author),
    committer: who(commit.committer),
    distinct: true,
    added: [],
    removed: [],
    modified: [],
    tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
    parents: commit.parents.map((sha) => ({ sha, url: `${api}/commits/${sha}` })),
  };
}

/**
 * Gitee's `RepoCommit`; `stats` (`{ id, additions, deletions, total }`) for one commit's own
 * answer, null in the list.
 */
export function repoCommit(
  ctx: GiteeContext,
  repo: ForgeRepo,
  commit: CommitObject,
  stats: { additions: number; deletions: number } | null = null,
) {
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  const account = (email: string) => {
    const user = giteeUserByEmail(ctx, email);
    return user ? userBasic(ctx, user) : null;
  };
  return {
    url: `${api}/commits/${commit.sha}`,
    sha: commit.sha,
    html_url: `${ctx.web}/${repo.owner}/${repo.name}/commit/${commit.sha}`,
    comments_url: `${api}/commits/${commit.sha}/comments`,
    commit: {
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
    },
    author: account(commit.author.email),
    committer: account(commit.committer.email),
    parents: commit.parents.map((sha) => ({ sha, url: `${api}/commits/${sha}` })),
    stats: stats ? { id: commit.sha, ...stats, total: stats.additions + stats.deletions } : null,
  };
}

/** Gitee's gist (`CodeForksHistory`): files with content, and its history of versions. */
export function gistJson(
  ctx: GiteeContext,
  gist: ForgeGist,
  owner: ForgeUser,
  files: Map<string, Buffer>,
  history: { version: string; committed_at: string }[],
) {
  const url = `${ctx.api}/gists/${gist.id}`;
  return {
    url,
    forks_url: `${url}/forks`,
    commits_url: `${url}/commits`,
    id: gist.id,
    description: gist.description ?? '',
    public: gist.public,
    owner: userBasic(ctx, owner),
    user: userBasic(ctx, owner),
    files: Object.fromEntries(
      [...files].map(([name, bytes]) => [
        name,
        {
          size: bytes.length,
          raw_url: `${ctx.web}/${owner.login}/codes/${gist.id}/raw?blob_name=${encodeURIComponent(name)}`,
          type: 'text/plain',
          truncated: false,
          content: bytes.toString('utf8'),
        },
      ]),
    ),
    truncated: false,
    html_url: `${ctx.web}/${owner.login}/codes/${gist.id}`,
    comments: 0,
    comments_url: `${url}/comments`,
    git_pull_url: `${ctx.web}/${owner.login}/codes/${gist.id}.git`,
    git_push_url: `${ctx.web}/${owner.login}/codes/${gist.id}.git`,
    created_at: gist.createdAt,
    updated_at: gist.updatedAt,
    forks: [],
    history: history.map((entry) => ({
      user: userBasic(ctx, owner),
      version: entry.version,
      committed_at: entry.committed_at,
      change_status: { total: 0, additions: 0, deletions: 0 },
      url: `${url}/${entry.version}`,
    })),
  };
}

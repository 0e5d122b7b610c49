import type { ForgeRepo } from '../repositories.js';
import type { ForgeUser } from '../users.js';
import type { GiteaContext } from './context.js';
import type { CommitObject } from './git-read.js';

/** The email a user's commits carry when the account has none (Gitea's no-reply address). */
export const commitEmail = (user: ForgeUser) => user.email ?? `${user.login}@noreply.localhost`;

/** The account whose commit email `email` is (its own, or its no-reply address), if any. */
export function userByCommitEmail(ctx: GiteaContext, email: string) {
  const noreply = /^(.+)@noreply\.localhost$/i.exec(email);
  return ctx.users.byEmail(email) ?? (noreply ? ctx.users.byLogin(noreply[1] ?? '') : undefined);
}

/** Gitea's `User`; the email only to the user themselves, as Gitea hides it from others. */
export function giteaUser(ctx: GiteaContext, user: ForgeUser, self: boolean) {
  return {
    id: user.id,
    login: user.login,
    login_name: '',
    source_id: 0,
    full_name: user.name ?? '',
    email: self ? commitEmail(user) : '',
    avatar_url: `${ctx.web}/avatars/${user.id}`,
    html_url: `${ctx.web}/${user.login}`,
    language: self ? 'en-US' : '',
    is_admin: false,
    last_login: user.createdAt,
    created: user.createdAt,
    restricted: false,
    active: true,
    prohibit_login: false,
    location: '',
    website: '',
    description: '',
    visibility: 'public',
    followers_count: 0,
    following_count: 0,
    starred_repos_count: 0,
  };
}

/** Gitea's `Repository` of `repo` (owned by `owner`), as `viewer` sees it. */
export function giteaRepository(
  ctx: GiteaContext,
  repo: ForgeRepo,
  owner: ForgeUser,
  viewer: ForgeUser | undefined,
  empty: boolean,
) {
  const isOwner = viewer?.id === owner.id;
  const html = `${ctx.web}/${repo.owner}/${repo.name}`;
  const host = new URL(ctx.web).hostname;
  return {
    id: repo.id,
    owner: giteaUser(ctx, owner, isOwner),
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    description: repo.description ?? '',
    empty,
    private: repo.private,
    fork: false,
    template: repo.isTemplate,
    parent: null,
    mirror: false,
    size: 0,
    language: '',
    languages_url: `${ctx.api}/repos/${repo.owner}/${repo.name}/languages`,
    html_url: html,
    url: `${ctx.api}/repos/${repo.owner}/${repo.name}`,
    link: '',
    ssh_url: `git@${host}:${repo.owner}/${repo.name}.git`,
    clone_url: `${html}.git`,
    original_url: '',
    website: '',
    stars_count: 0,
    forks_count: 0,
    watchers_count: 1,
    open_issues_count: 0,
    open_pr_counter: 0,
    release_counter: 0,
    default_branch: repo.defaultBranch,
    archived: false,
    created_at: repo.createdAt,
    updated_at: repo.createdAt,
    archived_at: '1970-01-01T00:00:00Z',
    permissions: { admin: isOwner, push: isOwner, pull: true },
    has_issues: true,
    internal_tracker: {
      enable_time_tracker: true,
      allow_only_contributors_to_track_time: true,
      enable_issue_dependencies: true,
    },
    external_tracker: null,
    has_wiki: true,
    external_wiki: null,
    has_pull_requests: true,
    has_projects: true,
    projects_mode: 'all',
    has_releases: true,
    has_packages: true,
    has_actions: true,
    ignore_whitespace_conflicts: false,
    allow_merge_commits: true,
    allow_rebase: true,
    allow_rebase_explicit: true,
    allow_squash_merge: true,
    allow_fast_forward_only_merge: true,
    allow_rebase_update: true,
    default_delete_branch_after_merge: false,
    default_merge_style: 'merge',
    default_allow_maintainer_edit: false,
    avatar_url: '',
    internal: false,
    mirror_interval: '',
    object_format_name: 'sha1',
    mirror_updated: '0001-01-01T00:00:00Z',
    repo_transfer: null,
  };
}

/** Gitea's commit verification of an unsigned commit. */
export const unsigned = () => ({
  verified: false,
  reason: 'gpg.error.not_signed_commit',
  signature: '',
  signer: null,
  payload: '',
});

/** Gitea's `FileCommitResponse` of `commit`. */
export function fileCommit(ctx: GiteaContext, repo: ForgeRepo, commit: CommitObject) {
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  const html = `${ctx.web}/${repo.owner}/${repo.name}`;
  return {
    url: `${api}/git/commits/${commit.sha}`,
    sha: commit.sha,
    created: commit.committer.date,
    html_url: `${html}/commit/${commit.sha}`,
    author: commit.author,
    committer: commit.committer,
    parents: commit.parents.map((sha) => ({
      url: `${api}/git/commits/${sha}`,
      sha,
      created: '0001-01-01T00:00:00Z',
    })),
    message: commit.message,
    tree: {
      url: `${api}/git/trees/${commit.tree}`,
      sha: commit.tree,
      created: commit.committer.date,
    },
  };
}

/** One entry of a contents answer (Gitea's `ContentsResponse`), with the content of a file. */
export function contentsEntry(
  ctx: GiteaContext,
  repo: ForgeRepo,
  ref: string,
  entry: { type: string; sha: string; size: number; path: string },
  lastCommitSha: string,
  content?: Buffer,
) {
  const api = `${ctx.api}/repos/${repo.owner}/${repo.name}`;
  const html = `${ctx.web}/${repo.owner}/${repo.name}`;
  const kind = entry.type === 'tree' ? 'dir' : entry.type === 'commit' ? 'submodule' : 'file';
  const escaped = entry.path.split('/').map(encodeURIComponent).join('/');
  const self = `${api}/contents/${escaped}?ref=${encodeURIComponent(ref)}`;
  const git = `${api}/git/${kind === 'dir' ? 'trees' : 'blobs'}/${entry.sha}`;
  const web = `${html}/src/branch/${ref}/${escaped}`;
  return {
    name: entry.path.split('/').at(-1) ?? '',
    path: entry.path,
    sha: entry.sha,
    last_commit_sha: lastCommitSha,
    type: kind,
    size: kind === 'file' ? entry.size : 0,
    encoding: content ? 'base64' : null,
    content: content ? content.toString('base64') : null,
    target: null,
    url: self,
    html_url: web,
    git_url: git,
    download_url: kind === 'file' ? `${html}/raw/branch/${ref}/${escaped}` : null,
    submodule_git_url: null,
    _links: { self, git, html: web },
  };
}

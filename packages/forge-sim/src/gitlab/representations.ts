import type { ForgeRepo } from '../repositories.js';
import type { ForgeUser } from '../users.js';
import type { GitCommit } from './git-read.js';

/** The web origin and the API root, for the URLs answers carry. */
export interface GitLabOrigins {
  web: string;
  api: string;
}

const avatar = (user: ForgeUser) =>
  `https://www.gravatar.com/avatar/${user.id.toString(16).padStart(32, '0')}?s=80&d=identicon`;

/** GitLab's dates: milliseconds and a zone offset, e.g. `2012-05-28T04:42:42.000Z`. */
export const gitlabDate = (iso: string) => new Date(iso).toISOString();

/** `API_Entities_UserBasic`: who someone is, as lists of users give it. */
export function userBasic(user: ForgeUser, origins: GitLabOrigins) {
  return {
    id: user.id,
    username: user.login,
    public_email: user.email ?? '',
    name: user.name ?? user.login,
    state: 'active',
    locked: false,
    avatar_url: avatar(user),
    web_url: `${origins.web}/${user.login}`,
  };
}

/** `API_Entities_User`: a user's public profile (`GET /users/:id`). */
export function userProfile(user: ForgeUser, origins: GitLabOrigins) {
  return {
    ...userBasic(user, origins),
    created_at: gitlabDate(user.createdAt),
    bio: '',
    location: '',
    linkedin: '',
    twitter: '',
    discord: '',
    website_url: '',
    github: '',
    job_title: '',
    pronouns: null,
    organization: '',
    bot: false,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
  };
}

/** `API_Entities_UserPublic`: the signed-in user (`GET /user`), with the private fields. */
export function currentUser(user: ForgeUser, origins: GitLabOrigins) {
  const email = user.email ?? `${user.id}-${user.login}@users.noreply.forge-sim`;
  return {
    ...userProfile(user, origins),
    last_sign_in_at: gitlabDate(user.createdAt),
    confirmed_at: gitlabDate(user.createdAt),
    last_activity_on: new Date().toISOString().slice(0, 10),
    email,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100000,
    current_sign_in_at: gitlabDate(user.createdAt),
    identities: [],
    can_create_group: true,
    can_create_project: true,
    two_factor_enabled: false,
    external: false,
    private_profile: false,
    commit_email: email,
  };
}

/** `API_Entities_Commit` of `commit` in `repo`. */
export function commitEntity(commit: GitCommit, repo: ForgeRepo, origins: GitLabOrigins) {
  const title = commit.message.split('\n')[0] ?? '';
  return {
    id: commit.id,
    short_id: commit.id.slice(0, 8),
    created_at: gitlabDate(commit.committedDate),
    parent_ids: commit.parentIds,
    title,
    message: commit.message,
    author_name: commit.authorName,
    author_email: commit.authorEmail,
    authored_date: gitlabDate(commit.authoredDate),
    committer_name: commit.committerName,
    committer_email: commit.committerEmail,
    committed_date: gitlabDate(commit.committedDate),
    trailers: {},
    extended_trailers: {},
    web_url: `${origins.web}/${repo.owner}/${repo.name}/-/commit/${commit.id}`,
  };
}

/** `API_Entities_CommitDetail`: a commit with its stats, status and project. */
export function commitDetail(
  commit: GitCommit,
  repo: ForgeRepo,
  origins: GitLabOrigins,
  stats: { additions: number; deletions: number },
) {
  return {
    ...commitEntity(commit, repo, origins),
    stats: { ...stats, total: stats.additions + stats.deletions },
    status: null,
    project_id: repo.id,
    last_pipeline: null,
  };
}

/** `API_Entities_Project` of `repo`, as its owner sees it. */
export function projectEntity(
  repo: ForgeRepo,
  owner: ForgeUser | undefined,
  origins: GitLabOrigins,
  state: { empty: boolean; lastActivity: string },
) {
  const web = `${origins.web}/${repo.owner}/${repo.name}`;
  const host = new URL(origins.web).host;
  const ownerUser = owner ?? undefined;
  return {
    id: repo.id,
    description: repo.description,
    name: repo.name,
    name_with_namespace: `${ownerUser?.name ?? repo.owner} / ${repo.name}`,
    path: repo.name,
    path_with_namespace: `${repo.owner}/${repo.name}`,
    created_at: gitlabDate(repo.createdAt),
    default_branch: state.empty ? null : repo.defaultBranch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@${host.replace(/:\d+$/, '')}:${repo.owner}/${repo.name}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: null,
    forks_count: 0,
    avatar_url: null,
    star_count: 0,
    last_activity_at: gitlabDate(state.lastActivity),
    visibility: repo.private ? 'private' : 'public',
    namespace: {
      id: ownerUser?.id ?? 0,
      name: ownerUser?.name ?? repo.owner,
      path: repo.owner,
      kind: 'user',
      full_path: repo.owner,
      parent_id: null,
      avatar_url: null,
      web_url: `${origins.web}/${repo.owner}`,
    },
    empty_repo: state.empty,
    archived: false,
    owner: ownerUser ? userBasic(ownerUser, origins) : null,
    _links: {
      self: `${origins.api}/projects/${repo.id}`,
      repo_branches: `${origins.api}/projects/${repo.id}/repository/branches`,
    },
  };
}

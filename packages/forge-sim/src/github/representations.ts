import type { ForgeRepo } from '../repositories.js';
import type { ForgeUser } from '../users.js';

/** The origins the answers' links point at. */
export interface Origins {
  /** The web origin, e.g. http://127.0.0.1:1234 */
  web: string;
  /** The API origin, e.g. http://127.0.0.1:1234/api/v3 */
  api: string;
}

/** GitHub's `public-user`. */
export function publicUser(user: ForgeUser, origins: Origins, publicRepos = 0) {
  const url = `${origins.api}/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId('U', user.id),
    avatar_url: `${origins.web}/avatars/${user.login}.png`,
    gravatar_id: '',
    url,
    html_url: `${origins.web}/${user.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'User',
    site_admin: false,
    name: user.name,
    company: null,
    blog: '',
    location: null,
    email: user.email,
    hireable: null,
    bio: null,
    public_repos: publicRepos,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: user.createdAt,
    updated_at: user.createdAt,
  };
}

/** GitHub's `private-user`: what GET /user gives the signed-in user. */
export function privateUser(
  user: ForgeUser,
  origins: Origins,
  counts: { publicRepos: number; privateRepos: number },
) {
  return {
    ...publicUser(user, origins, counts.publicRepos),
    private_gists: 0,
    total_private_repos: counts.privateRepos,
    owned_private_repos: counts.privateRepos,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: false,
  };
}

/** GitHub's `simple-user`, as a repository's owner. */
export function simpleUser(user: ForgeUser, origins: Origins) {
  const full = publicUser(user, origins);
  return {
    login: full.login,
    id: full.id,
    node_id: full.node_id,
    avatar_url: full.avatar_url,
    gravatar_id: full.gravatar_id,
    url: full.url,
    html_url: full.html_url,
    followers_url: full.followers_url,
    following_url: full.following_url,
    gists_url: full.gists_url,
    starred_url: full.starred_url,
    subscriptions_url: full.subscriptions_url,
    organizations_url: full.organizations_url,
    repos_url: full.repos_url,
    events_url: full.events_url,
    received_events_url: full.received_events_url,
    type: full.type,
    site_admin: full.site_admin,
  };
}

/** GitHub's `full-repository`. */
export function fullRepository(
  repo: ForgeRepo,
  owner: ForgeUser,
  origins: Origins,
  state: { pushedAt: string | null; isOwner: boolean },
) {
  const fullName = `${repo.owner}/${repo.name}`;
  const url = `${origins.api}/repos/${fullName}`;
  const html = `${origins.web}/${fullName}`;
  const host = new URL(origins.web).host;
  return {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: fullName,
    private: repo.private,
    owner: simpleUser(owner, origins),
    html_url: html,
    description: repo.description,
    fork: false,
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_url: `git://${host}/${fullName}.git`,
    hooks_url: `${url}/hooks`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    ssh_url: `git@${new URL(origins.web).hostname}:${fullName}.git`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
    clone_url: `${html}.git`,
    mirror_url: null,
    svn_url: html,
    homepage: null,
    language: null,
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 0,
    default_branch: repo.defaultBranch,
    open_issues_count: 0,
    open_issues: 0,
    is_template: repo.isTemplate,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    pushed_at: state.pushedAt ?? repo.createdAt,
    created_at: repo.createdAt,
    updated_at: state.pushedAt ?? repo.createdAt,
    // What GitHub shows only to those who administer the repository.
    ...(state.isOwner
      ? {
          permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
          temp_clone_token: '',
          allow_squash_merge: true,
          allow_merge_commit: true,
          allow_rebase_merge: true,
          allow_auto_merge: false,
          delete_branch_on_merge: false,
          allow_update_branch: false,
          use_squash_pr_title_as_default: false,
        }
      : {}),
    license: null,
    allow_forking: true,
    web_commit_signoff_required: false,
    network_count: 0,
    subscribers_count: 0,
  };
}

/** A node id in GitHub's style: a kind letter and the number, base64. */
export function nodeId(kind: string, id: number | string) {
  return Buffer.from(`0${kind}_forge-sim_${id}`).toString('base64').replace(/=+$/, '');
}

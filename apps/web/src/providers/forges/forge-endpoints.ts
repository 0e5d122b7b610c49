import { type ForgeId } from '@inkstone/core';

/** Where a forge's OAuth and API live, from its web origin (spec providers §7). */
export interface ForgeEndpoints {
  /** The authorize page, opened in the popup. */
  authorize: string;
  /** The token endpoint, called from the browser with the user's own application. */
  token: string;
  /** The REST API root. */
  api: string;
}

/** GitLab: `/oauth/…` and `/api/v4`; Gitea and Forgejo: `/login/oauth/…` and `/api/v1`; Gitee:
 * `/oauth/…` and `/api/v5`. */
export function forgeEndpoints(forge: ForgeId, origin: string): ForgeEndpoints {
  switch (forge) {
    case 'gitlab':
      return {
        authorize: `${origin}/oauth/authorize`,
        token: `${origin}/oauth/token`,
        api: `${origin}/api/v4`,
      };
    case 'gitea':
      return {
        authorize: `${origin}/login/oauth/authorize`,
        token: `${origin}/login/oauth/access_token`,
        api: `${origin}/api/v1`,
      };
    case 'gitee':
      return {
        authorize: `${origin}/oauth/authorize`,
        token: `${origin}/oauth/token`,
        api: `${origin}/api/v5`,
      };
  }
}

/** The scopes each forge's authorize page is asked for: GitLab's `api` (read and write
 * repositories, read the user); Gitee's of spec providers §6 plus `user_info` (its `GET /user`)
 * and `gists` (Gitee gist locations);
 * Gitea none, which grants an OAuth application the user's whole access, as Gitea documents
 * for applications that ask no scope. */
export const FORGE_SCOPES: Record<ForgeId, readonly string[]> = {
  gitlab: ['api'],
  gitea: [],
  gitee: ['user_info', 'projects', 'pull_requests', 'gists'],
};

/** The `Authorization` header of an API call with `token`. */
export const authorization = (forge: ForgeId, token: string): string =>
  forge === 'gitea' ? `token ${token}` : `Bearer ${token}`;

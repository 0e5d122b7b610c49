import type { Gists } from '../gists.js';
import type { ForgeRepo, Repositories } from '../repositories.js';
import type { ForgeUser, Users } from '../users.js';

/**
 * The instance settings of the Gitea dialect, named as in Gitea's app.ini (`[api]`), with
 * Gitea's defaults (docs.gitea.com, "Configuration Cheat Sheet", section API).
 */
export interface GiteaSettings {
  /** `[api] DEFAULT_PAGING_NUM`: a list's page size when `limit` is not given (30). */
  defaultPagingNum: number;
  /** `[api] MAX_RESPONSE_ITEMS`: the largest page of a list (50). */
  maxResponseItems: number;
  /** `[api] DEFAULT_GIT_TREES_PER_PAGE`: the default and largest page of a git tree (1000). */
  defaultGitTreesPerPage: number;
  /**
   * `[api] DEFAULT_MAX_BLOB_SIZE`: the largest blob `GET …/git/blobs/{sha}` gives the content of
   * (10485760 bytes); a larger one comes with its `size` and an empty `content`
   * (services/repository/files: GetBlobBySHA).
   */
  defaultMaxBlobSize: number;
  /**
   * Whether `POST /repos/{owner}/{repo}/contents` (ChangeFiles: several files in one commit,
   * Gitea 1.20 and later) exists; false answers it 404 as an older Gitea does, so that a
   * client's one-file-at-a-time fallback can be tested.
   */
  changeFiles: boolean;
  /**
   * Whether a tree bigger than one page says `truncated: true` on every page, the last included,
   * as Gitea 1.22 does (`GetTreeBySHA` sets it whenever the tree has more entries than a page;
   * reported as go-gitea/gitea#35117 against 1.24.2). False answers as Gitea's current source
   * does (services/repository/files/tree.go: `truncated` only while entries follow the page).
   * Either way the swagger text says "true if there are still more items after this page".
   */
  truncatedOnEveryPage: boolean;
}

/** Gitea's defaults. */
export const GITEA_DEFAULTS: GiteaSettings = {
  defaultPagingNum: 30,
  maxResponseItems: 50,
  defaultGitTreesPerPage: 1000,
  defaultMaxBlobSize: 10_485_760,
  changeFiles: true,
  truncatedOnEveryPage: true,
};

/** What the Gitea dialect reads and changes. */
export interface GiteaContext {
  users: Users;
  repos: Repositories;
  gists: Gists;
  settings: GiteaSettings;
  /** The instance's root URL (Gitea's ROOT_URL without its trailing slash). */
  web: string;
  /** `{web}/api/v1`. */
  api: string;
}

/** One request of the Gitea dialect, its body parsed. */
export interface GiteaRequest {
  method: string;
  query: URLSearchParams;
  body: unknown;
  user: ForgeUser | undefined;
  /** The path parameters, by their names in the description. */
  params: Record<string, string>;
  /** The repository of a `/repos/{owner}/{repo}…` route, checked visible to the user. */
  repo?: ForgeRepo;
}

/** A Gitea answer: a status, a JSON body and headers. */
export interface GiteaReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Thrown to answer a Gitea error: `{ message, url }` (Gitea's APIError, `url` its swagger page),
 * and for a 404 also `errors` (the list Gitea's NotFound gives, null when empty).
 */
export class GiteaError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: string[] | null,
  ) {
    super(message);
    this.name = 'GiteaError';
  }
}

/** Gitea's `ctx.NotFound()`: "The target couldn't be found." and its errors. */
export const notFound = (
  message = "The target couldn't be found.",
  errors: string[] | null = null,
) => new GiteaError(404, message, errors);

/** The JSON object `value` or an empty one (Gitea's binding reads missing fields as zero). */
export const fields = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The string field `key` of `record`, or `fallback` when absent or not a string. */
export const text = (record: Record<string, unknown>, key: string, fallback = '') =>
  typeof record[key] === 'string' ? (record[key] as string) : fallback;

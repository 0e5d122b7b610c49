import { type ContentLimit } from '../../sync/content-limit.js';

/** Provider ids of Gitee (spec providers §3; interface §4 "Auto sync" names the workspace one). */
export const GITEE_PROVIDER_IDS = {
  /** The main workspace kept in the signed-in account's app-data repository. */
  appData: 'giteeAppData',
  /** A folder of a repository used as a workspace. */
  workspace: 'giteeWorkspace',
  /** A file location: one file of a repository. */
  file: 'gitee',
  /** A file location: one file of a Gitee gist. */
  gist: 'giteeGist',
} as const;

/** The provider's name in messages. */
export const GITEE_NAME = 'Gitee';

/** gitee.com's v5 API root (forge-sim's `giteeApiUrl` in tests). */
export const GITEE_API_URL = 'https://gitee.com/api/v5';

/** gitee.com's web origin, where repository URLs point. */
export const GITEE_WEB_URL = 'https://gitee.com';

/** Gitee's default branch (spec providers §5 and §9: "Host B branch defaults to master"). */
export const GITEE_DEFAULT_BRANCH = 'master';

/** Most entries Gitee gives in one page of a list (`per_page` is capped at 100). */
export const GITEE_PER_PAGE = 100;

/**
 * Gitee's largest file: 50 MB per file on its free plans, the figure of Gitee's help centre
 * ("单文件最大 50MB"); the contents API takes a file as one base64 request body, so a larger
 * text is never tried (ADR 0006). Not checked against a document available here: see
 * docs/reference/gitee.md.
 */
export const GITEE_FILE_LIMIT: ContentLimit = {
  bytes: 50 * 1024 * 1024,
  service: 'Gitee',
  size: '50 MB',
};

// A public repository on GitHub or Gitea as an image bed (spec providers §2 "Image bed dialogs",
// §3 imgStorages, §5, §6 "git image beds upload through the git contents calls", §7).

import { FieldError } from '../validation/field-error.js';
import { type AbortFlag } from '../sync/sync-context.js';
import {
  GithubApiError,
  type GithubClient,
  encodePath,
} from '../providers/github/github-client.js';
import { parseRepositoryUrl } from '../providers/github/file-location-url.js';
import { GITHUB_DEFAULT_BRANCH } from '../providers/github/constants.js';
import { GiteaApiError, type GiteaClient } from '../providers/gitea/gitea-client.js';
import { parseGiteaRepositoryUrl } from '../providers/gitea/file-location-url.js';
import { GITEA_DEFAULT_BRANCH } from '../providers/gitea/constants.js';
import {
  DEFAULT_REPOSITORY_IMAGE_PATH,
  expandImagePath,
  type ImageBed,
  type ImageFile,
  type ImagePathContext,
  type UploadedImage,
} from './image-bed.js';
import {
  IMAGE_REPO_URL_INVALID,
  IMAGE_REPO_URL_REQUIRED,
  REPOSITORY_NOT_PUBLIC,
} from './image-bed-constants.js';

/** A GitHub account's image storage (spec providers §3: sid, owner, repo, path, branch). */
export interface GithubImageStorage {
  sid: string;
  owner: string;
  repo: string;
  path: string;
  branch: string;
}

/** A Gitea account's image storage (spec providers §3: sid, repoUri, path, branch); `repoUri`
 * is `owner/repo` on the account's server. */
export interface GiteaImageStorage {
  sid: string;
  repoUri: string;
  path: string;
  branch: string;
}

export class ImageRepositoryFieldError extends FieldError<'repoUrl' | 'path' | 'branch'> {
  override readonly name = 'ImageRepositoryFieldError';
}

/** What the repository image bed dialog holds. */
export interface ImageRepositoryForm {
  repoUrl: string;
  path: string;
  branch: string;
}

/** A folder template as kept: trimmed, no leading or trailing slash, the default when empty. */
const folderTemplate = (path: string) =>
  path.trim().replace(/^\/+|\/+$/g, '') || DEFAULT_REPOSITORY_IMAGE_PATH;

/** Checks the dialog for a GitHub account (`githubUrl` the web origin, from `/conf`). */
export function readGithubImageRepositoryForm(
  form: ImageRepositoryForm,
  githubUrl: string,
  sid: string,
): GithubImageStorage {
  if (form.repoUrl.trim() === '') {
    throw new ImageRepositoryFieldError('repoUrl', IMAGE_REPO_URL_REQUIRED);
  }
  const ref = parseRepositoryUrl(form.repoUrl, githubUrl);
  if (!ref) throw new ImageRepositoryFieldError('repoUrl', IMAGE_REPO_URL_INVALID);
  return {
    sid,
    owner: ref.owner,
    repo: ref.repo,
    path: folderTemplate(form.path),
    branch: form.branch.trim() || GITHUB_DEFAULT_BRANCH,
  };
}

/** Checks the dialog for a Gitea account on `serverUrl`. */
export function readGiteaImageRepositoryForm(
  form: ImageRepositoryForm,
  serverUrl: string,
  sid: string,
): GiteaImageStorage {
  if (form.repoUrl.trim() === '') {
    throw new ImageRepositoryFieldError('repoUrl', IMAGE_REPO_URL_REQUIRED);
  }
  const ref = parseGiteaRepositoryUrl(form.repoUrl, serverUrl);
  if (!ref) throw new ImageRepositoryFieldError('repoUrl', IMAGE_REPO_URL_INVALID);
  return {
    sid,
    repoUri: `${ref.owner}/${ref.repo}`,
    path: folderTemplate(form.path),
    branch: form.branch.trim() || GITEA_DEFAULT_BRANCH,
  };
}

/** How many numbered names (`shot-2.png`, `shot-3.png`, …) an upload tries when the name is
 * taken in the folder. */
export const NAME_ATTEMPTS = 20;

/** `name` with ` -{n}` before its extension; n = 1 is the name itself. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
}

/** The file path of an upload: the expanded folder, then the image's name (its slashes made
 * `-`, so a name never adds a folder). */
export function imageFilePath(template: string, context: ImagePathContext, name: string): string {
  const folder = expandImagePath(folderTemplate(template), context)
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/');
  const safe = name.replace(/[/\\]/g, '-') || 'image';
  return folder === '' ? safe : `${folder}/${safe}`;
}

const commitMessage = (path: string) => `Upload image ${path}`;

interface ContentAnswer {
  content?: { sha?: string; download_url?: string | null; path?: string };
}

async function firstFreeName(
  file: ImageFile,
  signal: AbortFlag | undefined,
  put: (name: string) => Promise<ContentAnswer | 'taken'>,
): Promise<UploadedImage> {
  for (let n = 1; n <= NAME_ATTEMPTS; n++) {
    if (signal?.aborted) throw new Error('Upload cancelled.');
    const answer = await put(numberedName(file.name, n));
    if (answer === 'taken') continue;
    const url = answer.content?.download_url;
    if (typeof url !== 'string' || url === '') throw new Error('Unknown error.');
    return { url, ...(answer.content?.sha ? { sha: answer.content.sha } : {}) };
  }
  throw new Error(`${file.name}: every numbered name up to ${NAME_ATTEMPTS} is taken.`);
}

/** Whether a GitHub repository is public; 'The repository URL used as a image bed must be a
 * public repository!' otherwise (a private one the token cannot see answers 404: not public
 * either). */
export async function checkGithubRepositoryPublic(
  client: GithubClient,
  owner: string,
  repo: string,
): Promise<void> {
  let answer: { private?: boolean; visibility?: string };
  try {
    answer = await client.get(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`);
  } catch (error) {
    if (error instanceof GithubApiError && error.status === 404) {
      throw new Error(REPOSITORY_NOT_PUBLIC);
    }
    throw error;
  }
  if (answer.private !== false) throw new Error(REPOSITORY_NOT_PUBLIC);
}

/** The same for Gitea (`GET /repos/{owner}/{repo}`: `private`). */
export async function checkGiteaRepositoryPublic(
  client: GiteaClient,
  repoUri: string,
): Promise<void> {
  let answer: { private?: boolean };
  try {
    answer = await client.get(`/repos/${encodePath(repoUri)}`);
  } catch (error) {
    if (error instanceof GiteaApiError && error.status === 404) {
      throw new Error(REPOSITORY_NOT_PUBLIC);
    }
    throw error;
  }
  if (answer.private !== false) throw new Error(REPOSITORY_NOT_PUBLIC);
}

/** A GitHub repository as a bed: `PUT /repos/{owner}/{repo}/contents/{path}` (base64 content,
 * branch), the answer's `download_url` (GitHub's raw host) and blob sha. */
export class GithubImageBed implements ImageBed {
  constructor(
    private readonly client: GithubClient,
    private readonly storage: GithubImageStorage,
  ) {}

  async upload(
    file: ImageFile,
    context: ImagePathContext,
    signal?: AbortFlag,
  ): Promise<UploadedImage> {
    const { owner, repo, branch } = this.storage;
    await checkGithubRepositoryPublic(this.client, owner, repo);
    return firstFreeName(file, signal, async (name) => {
      const path = imageFilePath(this.storage.path, context, name);
      try {
        return await this.client.put<ContentAnswer>(
          `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/contents/${encodePath(path)}`,
          { message: commitMessage(path), content: file.content.replace(/\s/g, ''), branch },
        );
      } catch (error) {
        // A file at that path already (no sha given): 422.
        if (error instanceof GithubApiError && error.status === 422 && /sha/.test(error.message)) {
          return 'taken';
        }
        throw error;
      }
    });
  }
}

/** A Gitea repository as a bed: `POST /repos/{owner}/{repo}/contents/{filepath}` (base64
 * content, branch), the answer's `download_url` and sha. */
export class GiteaImageBed implements ImageBed {
  constructor(
    private readonly client: GiteaClient,
    private readonly storage: GiteaImageStorage,
  ) {}

  async upload(
    file: ImageFile,
    context: ImagePathContext,
    signal?: AbortFlag,
  ): Promise<UploadedImage> {
    const { repoUri, branch } = this.storage;
    await checkGiteaRepositoryPublic(this.client, repoUri);
    return firstFreeName(file, signal, async (name) => {
      const path = imageFilePath(this.storage.path, context, name);
      try {
        return await this.client.send<ContentAnswer>(
          'POST',
          `/repos/${encodePath(repoUri)}/contents/${encodePath(path)}`,
          { message: commitMessage(path), content: file.content.replace(/\s/g, ''), branch },
        );
      } catch (error) {
        // 'repository file already exists [path: …]'.
        if (
          error instanceof GiteaApiError &&
          error.status === 422 &&
          /exists/.test(error.message)
        ) {
          return 'taken';
        }
        throw error;
      }
    });
  }
}

import { GitError, readObject } from './git.js';
import type { Gists } from './gists.js';
import type { Repositories } from './repositories.js';
import type { ForgeUser } from './users.js';

/** A file's bytes as the web origin serves them, or undefined when there is no such file. */
export interface RawFile {
  bytes: Buffer;
}

async function blobAt(gitDir: string, ref: string, path: string): Promise<Buffer | undefined> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(ref) || ref.includes('..')) return undefined;
  try {
    const object = await readObject(gitDir, `${ref}:${path}`);
    return object?.type === 'blob' ? object.bytes : undefined;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

/**
 * The bytes behind a `download_url` (`/{owner}/{repo}/raw/{ref}/{path}`) or a gist file's
 * `raw_url` (`/gist/{owner}/{id}/raw/{sha}/{name}`), as GitHub's raw hosts serve them; a private
 * repository's files only to its owner (`user`, from the token of the request).
 */
export async function rawFile(
  pathname: string,
  stores: { repos: Repositories; gists: Gists },
  user: ForgeUser | undefined,
): Promise<RawFile | undefined> {
  const parts = pathname.split('/').slice(1).map(decodeURIComponent);
  if (parts[0] === 'gist' && parts[3] === 'raw' && parts.length === 6) {
    const gist = stores.gists.get(parts[2] ?? '');
    if (!gist || gist.owner.toLowerCase() !== (parts[1] ?? '').toLowerCase()) return undefined;
    const bytes = await blobAt(gist.gitDir, parts[4] ?? '', parts[5] ?? '');
    return bytes ? { bytes } : undefined;
  }
  if (parts[2] === 'raw' && parts.length >= 5) {
    const repo = stores.repos.get(parts[0] ?? '', parts[1] ?? '');
    if (!repo) return undefined;
    if (repo.private && user?.login.toLowerCase() !== repo.owner.toLowerCase()) return undefined;
    const path = parts.slice(4).join('/');
    if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      return undefined;
    }
    const bytes = await blobAt(repo.gitDir, parts[3] ?? '', path);
    return bytes ? { bytes } : undefined;
  }
  return undefined;
}

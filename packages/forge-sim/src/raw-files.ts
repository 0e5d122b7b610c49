import { GitError, readObject } from './git.js';
import type { Gists } from './gists.js';
import type { Repositories } from './repositories.js';
import type { ForgeUser } from './users.js';

/** A file's bytes as the web origin serves them, or undefined when there is no such file. */
export interface RawFile {
  bytes: Buffer;
  /** The Content-Type the raw hosts give it: an image's own type, text otherwise. */
  contentType: string;
}

// GitHub's raw host and Gitea's `/raw/` serve a raster image with its type, so a page shows it;
// anything else (SVG included, which could carry script) as plain text.
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** The Content-Type of a raw file by its name. */
export const rawContentType = (path: string) =>
  IMAGE_TYPES[/\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''] ??
  'text/plain; charset=utf-8';

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
    return bytes ? { bytes, contentType: rawContentType(parts[5] ?? '') } : undefined;
  }
  if (parts[2] === 'raw' && parts.length >= 5) {
    const repo = stores.repos.get(parts[0] ?? '', parts[1] ?? '');
    if (!repo) return undefined;
    if (repo.private && user?.login.toLowerCase() !== repo.owner.toLowerCase()) return undefined;
    // Gitea's `/{owner}/{repo}/raw/branch/{branch}/{path}` first, then GitHub's
    // `/{owner}/{repo}/raw/{ref}/{path}` (a GitHub branch may be named `branch`).
    const readings: Array<[string, string[]]> = [[parts[3] ?? '', parts.slice(4)]];
    if (parts[3] === 'branch' && parts.length >= 6) {
      readings.unshift([parts[4] ?? '', parts.slice(5)]);
    }
    for (const [ref, pathParts] of readings) {
      if (pathParts.some((part) => part === '' || part === '.' || part === '..')) continue;
      const path = pathParts.join('/');
      const bytes = await blobAt(repo.gitDir, ref, path);
      if (bytes) return { bytes, contentType: rawContentType(path) };
    }
    return undefined;
  }
  return undefined;
}

import { GistNotFoundError } from '../github/gist-api.js';
import { GiteeApiError, type GiteeClient } from './gitee-client.js';

/** A file of a Gitee gist as Gitee answers it. */
export interface GiteeGistFile {
  content?: string;
  truncated?: boolean;
}

/** A Gitee gist (its "code snippet"), the fields Inkstone reads. */
export interface GiteeGist {
  id: string;
  html_url: string;
  public: boolean;
  description: string;
  files: Record<string, GiteeGistFile | null>;
  /** Its versions, newest first. */
  history?: { version: string; committed_at: string }[];
}

const gistPath = (id: string) => `/gists/${encodeURIComponent(id)}`;

/** Creates a gist of one file (POST gists: files, description, public). Gitee requires a
 * description: the file's name stands for it when none is given. */
export function createGiteeGist(
  client: GiteeClient,
  file: { filename: string; content: string; isPublic: boolean; description?: string },
): Promise<GiteeGist> {
  return client.post<GiteeGist>('/gists', {
    description: file.description?.trim() || file.filename,
    public: file.isPublic,
    files: { [file.filename]: { content: file.content } },
  });
}

/** Writes one file of an existing gist, adding it when the gist lacks it (PATCH gists/{id}). */
export async function writeGiteeGistFile(
  client: GiteeClient,
  gistId: string,
  filename: string,
  content: string,
): Promise<GiteeGist> {
  return missing(() =>
    client.patch<GiteeGist>(gistPath(gistId), { files: { [filename]: { content } } }),
  );
}

/** Reads a gist (GET gists/{id}); a 404 is 'Gist file not found.' (GistNotFoundError). */
export function readGiteeGist(client: GiteeClient, gistId: string): Promise<GiteeGist> {
  return missing(() => client.get<GiteeGist>(gistPath(gistId)));
}

/** A gist's versions, newest first (GET gists/{id}/commits: the gist with its history). */
export async function giteeGistVersions(
  client: GiteeClient,
  gistId: string,
): Promise<{ version: string; committedAt: number }[]> {
  const gist = await missing(() => client.get<GiteeGist>(`${gistPath(gistId)}/commits`));
  return (gist.history ?? []).map((entry) => ({
    version: entry.version,
    committedAt: Date.parse(entry.committed_at) || 0,
  }));
}

/** The text of one file of a gist, or undefined when the gist has no such file; a file Gitee
 * cut short is refused rather than taken short. */
export function giteeGistFileText(gist: GiteeGist, filename: string): string | undefined {
  const file = gist.files[filename];
  if (!file) return undefined;
  if (file.truncated || file.content === undefined) {
    throw new Error(`${filename} is too large to be read from the gist.`);
  }
  return file.content;
}

async function missing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GiteeApiError && error.status === 404) throw new GistNotFoundError();
    throw error;
  }
}

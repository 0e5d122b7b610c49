import { GIST_FILE_NOT_FOUND } from './constants.js';
import { GithubApiError, type GithubClient } from './github-client.js';

/** A file of a gist as GitHub answers it: past 1 MB its `content` is cut and `truncated` set,
 * and the whole file is at its `raw_url`. */
export interface GistFile {
  filename: string;
  content?: string;
  truncated?: boolean;
  raw_url?: string;
}

/** A gist as GitHub answers it (the fields Inkstone reads). */
export interface Gist {
  id: string;
  html_url: string;
  public: boolean;
  description: string | null;
  files: Record<string, GistFile | null>;
}

/** The gist refused or gone (404): 'Gist file not found.'. */
export class GistNotFoundError extends Error {
  constructor() {
    super(GIST_FILE_NOT_FOUND);
    this.name = 'GistNotFoundError';
  }
}

/** Creates a gist of one file (POST /gists, spec providers §7). */
export function createGist(
  client: GithubClient,
  file: { filename: string; content: string; isPublic: boolean; description?: string },
): Promise<Gist> {
  return client.post<Gist>(
    '/gists',
    {
      description: file.description ?? '',
      public: file.isPublic,
      files: { [file.filename]: { content: file.content } },
    },
    // Not sent again after an answer that may follow its making: no gist made twice.
    'unprocessed',
  );
}

/** Writes one file of an existing gist, adding it when the gist lacks it (PATCH /gists/{id}). */
export function writeGistFile(
  client: GithubClient,
  gistId: string,
  filename: string,
  content: string,
): Promise<Gist> {
  return client.patch<Gist>(`/gists/${encodeURIComponent(gistId)}`, {
    files: { [filename]: { content } },
  });
}

/** Reads a gist (GET /gists/{id}); a 404 is {@link GistNotFoundError}. */
export async function readGist(client: GithubClient, gistId: string): Promise<Gist> {
  try {
    return await client.get<Gist>(`/gists/${encodeURIComponent(gistId)}`);
  } catch (error) {
    if (error instanceof GithubApiError && error.status === 404) throw new GistNotFoundError();
    throw error;
  }
}

/** The text of one file of a gist, or undefined when the gist has no such file. A file GitHub
 * truncated (past 1 MB) is read whole from its `raw_url`; without one it is refused rather than
 * taken short: its text would be cut. */
export async function gistFileText(
  client: GithubClient,
  gist: Gist,
  filename: string,
): Promise<string | undefined> {
  const file = gist.files[filename];
  if (!file) return undefined;
  if (!file.truncated && file.content !== undefined) return file.content;
  if (file.raw_url) return client.getRaw(file.raw_url);
  throw new Error(`${filename} is too large to be read from the gist.`);
}

/** What the share page shows: a shared file's title and the body of its HTML, not yet
 * sanitised. */
export interface SharedDocument {
  title: string;
  bodyHtml: string;
}

/** A gist as the share page reads it: its files, each with its content (possibly truncated). */
export interface SharedGist {
  files: Record<string, { filename?: string; content?: string; truncated?: boolean } | null>;
}

/** The text the share page shows when it has no gist id or a malformed one. */
export const SHARE_LINK_INVALID = 'This share link is not valid: it names no shared file.';

/** The gist id of a share link (`/share.html?id={gistId}`), or undefined when there is none
 * or it is not one (gist ids are hexadecimal; letters and digits are accepted). */
export function readShareId(search: string): string | undefined {
  const id = new URLSearchParams(search).get('id')?.trim();
  return id && /^[A-Za-z0-9]{1,100}$/.test(id) ? id : undefined;
}

/** The shared file of a gist: its first `.html` file (a share writes one), else its first
 * file. Undefined when it has none. */
export function pickSharedFile(
  gist: SharedGist,
): { filename: string; content: string } | undefined {
  const files = Object.entries(gist.files).flatMap(([name, file]) =>
    file && typeof file.content === 'string' ? [{ filename: name, content: file.content }] : [],
  );
  return files.find((file) => /\.html?$/i.test(file.filename)) ?? files[0];
}

/**
 * Reads a shared HTML document in an inert document (DOMParser runs no script and loads
 * nothing): its title (else `fallbackTitle`) and its body's HTML, for the sanitiser. A file
 * that is not HTML (a markdown gist) is shown as text.
 */
export function readSharedDocument(
  file: { filename: string; content: string },
  parser: DOMParser,
): SharedDocument {
  const fallbackTitle = file.filename.replace(/\.[^.]*$/, '') || file.filename;
  if (!/\.html?$/i.test(file.filename)) {
    const pre = parser.parseFromString('<pre></pre>', 'text/html');
    pre.querySelector('pre')!.textContent = file.content;
    return { title: fallbackTitle, bodyHtml: pre.body.innerHTML };
  }
  const document = parser.parseFromString(file.content, 'text/html');
  const title = document.title.trim() || fallbackTitle;
  return { title, bodyHtml: document.body.innerHTML };
}

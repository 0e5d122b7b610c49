/** Embedded mode (spec interface §2 and §4 "Embedded mode"): a page of another site opens the
 * editor with `?origin=…&fileName=…&contentText=…&contentProperties=…`, in an iframe or a popup,
 * and gets the text back by messages sent only to that origin. */
export interface EmbedRequest {
  /** The embedding page's origin (scheme, host and port): the only one messages go to. */
  origin: string;
  fileName: string;
  contentText: string;
  contentProperties: string;
}

/** How many temporary files embedded mode keeps: the newest it made (spec interface §9). */
export const EMBED_TEMP_FILES_KEPT = 10;
/** How long a change waits for the next before it is posted (spec interface §9). */
export const EMBED_DEBOUNCE_MS = 25;
/** Where this browser remembers the temporary files embedded mode made, newest first. */
export const EMBED_TEMP_FILES_KEY = 'inkstone.embedTempFiles';

/** The embedded-mode request of a query string; undefined without `origin`. An `origin` that is
 * not an http(s) origin (a path, a `*`, `null`) is an error, said in plain words: the text would
 * have nowhere safe to go. */
export function readEmbedRequest(search: string): EmbedRequest | { error: string } | undefined {
  const query = new URLSearchParams(search);
  const origin = query.get('origin');
  if (origin === null) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (
    !parsed ||
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    parsed.origin !== origin.replace(/\/$/, '')
  ) {
    return {
      error: `Embedded mode needs the embedding page's origin, such as https://example.com, in origin: "${origin}" is not one.`,
    };
  }
  return {
    origin: parsed.origin,
    fileName: query.get('fileName')?.trim() || parsed.hostname,
    contentText: query.get('contentText') ?? '',
    contentProperties: query.get('contentProperties') ?? '',
  };
}

/** A temporary file embedded mode made, and when. */
export interface EmbedTempFile {
  id: string;
  created: number;
}

/** Reads the remembered temporary files (none when unreadable). */
export function readEmbedTempFiles(storage: Pick<Storage, 'getItem'> | undefined): EmbedTempFile[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(EMBED_TEMP_FILES_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is EmbedTempFile =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as EmbedTempFile).id === 'string' &&
        typeof (entry as EmbedTempFile).created === 'number',
    );
  } catch {
    return [];
  }
}

/** With `added` made now: the files to keep (the newest {@link EMBED_TEMP_FILES_KEPT}, newest
 * first) and those to delete. */
export function keepNewestTempFiles(
  known: readonly EmbedTempFile[],
  added: EmbedTempFile,
): { keep: EmbedTempFile[]; drop: string[] } {
  const all = [added, ...known.filter((entry) => entry.id !== added.id)].sort(
    (a, b) => b.created - a.created,
  );
  return {
    keep: all.slice(0, EMBED_TEMP_FILES_KEPT),
    drop: all.slice(EMBED_TEMP_FILES_KEPT).map((entry) => entry.id),
  };
}

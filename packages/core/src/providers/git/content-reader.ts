// Reads files' contents from a commit's blobs, a few ahead of the engine when it said which it
// will ask for (a new browser's first sync downloads every text, one GET each).
import { withHash } from '../../items/hash.js';
import { type ContentItem } from '../../items/types.js';
import { utf8Text } from './bytes.js';
import { type GitDataPort } from './git-data-port.js';
import { type GitContentData } from './layout.js';
import { type GitSnapshot } from './snapshot.js';

/** Contents read ahead at most: each holds a text in memory until asked for. */
export const READ_AHEAD = 6;

/** A file's content from its text blob and its data file, in a snapshot; null when none. */
export async function readContent(
  port: GitDataPort,
  snapshot: GitSnapshot,
  fileId: string,
): Promise<ContentItem | null> {
  const entry = snapshot.view.get(`${fileId}/content`)?.content;
  if (!entry) return null;
  const [text, data] = await Promise.all([
    port.readBlob(entry.sha),
    entry.data ? port.readBlob(entry.data) : undefined,
  ]);
  let fields: GitContentData = {};
  if (data) {
    try {
      fields = JSON.parse(utf8Text(data)) as GitContentData;
    } catch {
      // A data file broken elsewhere: the text alone.
    }
  }
  return withHash<ContentItem>({
    id: `${fileId}/content`,
    type: 'content',
    text: utf8Text(text),
    properties: typeof fields.properties === 'string' ? fields.properties : '',
    discussions: fields.discussions ?? {},
    comments: fields.comments ?? {},
    history: Array.isArray(fields.history) ? fields.history : [],
  });
}

/**
 * Reads contents of one snapshot, up to {@link READ_AHEAD} of those announced ahead of the
 * engine, in the order announced; the others when asked. A read ahead that failed fails again
 * when asked for (it is read anew).
 */
export class ContentReader {
  private readonly ahead = new Map<string, Promise<ContentItem | null>>();
  private readonly queue: string[];

  constructor(
    private readonly port: GitDataPort,
    readonly snapshot: GitSnapshot,
    announced: readonly string[] = [],
  ) {
    this.queue = announced.filter((fileId) => snapshot.view.has(`${fileId}/content`));
    this.fill();
  }

  /** The content of a file of the snapshot. */
  read(fileId: string): Promise<ContentItem | null> {
    const early = this.ahead.get(fileId);
    this.ahead.delete(fileId);
    const index = this.queue.indexOf(fileId);
    if (index >= 0) this.queue.splice(index, 1);
    this.fill();
    return early ?? readContent(this.port, this.snapshot, fileId);
  }

  private fill(): void {
    while (this.ahead.size < READ_AHEAD && this.queue.length > 0) {
      const fileId = this.queue.shift()!;
      const reading = readContent(this.port, this.snapshot, fileId);
      // Failed early: forgotten, so that asking reads it again.
      reading.catch(() => {
        if (this.ahead.get(fileId) === reading) this.ahead.delete(fileId);
      });
      this.ahead.set(fileId, reading);
    }
  }
}

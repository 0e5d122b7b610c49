import { type LocalHistory } from '@inkstone/core';

/** One revision as the History panel lists it: the fields of the spec's Revision (providers
 * §4: id, sub, message, created) a source knows, and the length of its text. */
export interface RevisionSummary {
  id: string;
  /** When it was made (ms since the epoch). */
  created: number;
  /** Who made it (a user id of the source), when known. */
  sub?: string;
  /** A commit's message, when there is one. */
  message?: string;
  /** Length of its text in characters, when the source knows it. */
  length?: number;
}

/**
 * Where the History panel reads a file's revisions from: this browser's local history, the
 * workspace's remote (CouchDB, the git hosts' commits, Google Drive revisions) and the file's
 * sync locations (the git hosts' commits of the path, Google Drive and Dropbox revisions),
 * providers §4 and §7 (see provider-revision-sources.ts).
 */
export interface RevisionSource {
  /** What the panel calls it (“This browser”, “GitHub”, “Dropbox (/notes.md)”). */
  readonly name: string;
  /** Whether it is this browser's own history (listed again after a restore, which adds to
   * it). */
  readonly local?: boolean;
  /** The revisions of a file, newest first. */
  list(fileId: string): Promise<RevisionSummary[]>;
  /** The text of one revision. */
  load(fileId: string, revisionId: string): Promise<string>;
}

/** The revisions kept in this browser's database (docs/how-to/history.md). */
export function localRevisionSource(history: LocalHistory): RevisionSource {
  return {
    name: 'This browser',
    local: true,
    list: async (fileId) =>
      (await history.list(fileId)).map(({ id, time, length }) => ({ id, created: time, length })),
    load: (_fileId, revisionId) => history.text(revisionId),
  };
}

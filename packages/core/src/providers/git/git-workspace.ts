import { type ContentItem, type Item } from '../../items/types.js';
import {
  type ChangesPage,
  type RemoteImage,
  type RemoteRevision,
  type SaveEntry,
  type SaveResult,
  type SyncData,
  TooLateError,
} from '../../sync/workspace-provider.js';
import { ContentReader, readContent } from './content-reader.js';
import { planCommit } from './commit-builder.js';
import {
  defaultCommitMessage,
  DEFAULT_COMMIT_MESSAGES,
  type GitCommitMessages,
} from './commit-message.js';
import { GitDraft } from './draft.js';
import {
  commitRevision,
  type GitDataPort,
  type GitFileChange,
  GitObjectMissingError,
  NotFastForwardError,
  writesFiles,
} from './git-data-port.js';
import { emptyManifest, GIT_MANIFEST_PATH, isImagePath, isReservedPath } from './layout.js';
import { bytesToBase64 } from '../gitee/base64.js';
import { emptySnapshot, type GitSnapshot, readSnapshot } from './snapshot.js';
import { viewChanges } from './workspace-view.js';
import { utf8Text } from './bytes.js';
import {
  hasStackeditPaths,
  hasStackeditTrailers,
  readStackeditLayout,
  stackeditContent,
} from './stackedit-layout.js';
import { planStackeditCommit, stackeditView } from './stackedit-keep.js';
import { readStackeditTrailer } from '../../transfer/stackedit-trailer.js';
import { type GitTreeChange } from './git-data-port.js';

/** What a git workspace needs. */
export interface GitWorkspaceOptions {
  port: GitDataPort;
  /** The workspace's folder in the repository ('' or 'a/b'). */
  path: string;
  /** Most changes a page holds (default: all in one page). */
  pageSize?: number;
  /** Commit message templates (default: the settings' defaults). */
  messages?: GitCommitMessages;
  /** Asked, at the first read of a folder in StackEdit's layout, what to do with it (without
   * it, the folder is read as Inkstone's: its texts with their trailers). */
  onStackeditLayout?: () => Promise<StackeditLayoutChoice>;
  /** 'keep': the folder is synced in StackEdit's layout (the choice made once, remembered by
   * the caller), see stackedit-keep.ts. */
  stackeditLayout?: 'keep';
}

/** What to do with a folder in StackEdit's layout: convert it to Inkstone's in one commit, keep
 * syncing it in StackEdit's layout, or leave it untouched and stop. */
export type StackeditLayoutChoice = 'convert' | 'keep' | 'cancel';

/** The message of the commit converting StackEdit's layout. */
export const STACKEDIT_CONVERSION_MESSAGE = "Convert from StackEdit's layout to Inkstone's";

/** The sync of a folder in StackEdit's layout whose conversion was cancelled: nothing written. */
export class StackeditLayoutError extends Error {
  constructor() {
    super(
      "This workspace's folder is in StackEdit's layout and was not converted: nothing was written to it. Open the workspace again to convert it.",
    );
    this.name = 'StackeditLayoutError';
  }
}

// A single write (no sync around it) tries this many times when another client commits first.
const SINGLE_WRITE_ATTEMPTS = 5;
// Snapshots kept to diff against (the engine's cursor is usually the last but one).
const KEPT_SNAPSHOTS = 4;

/**
 * A workspace kept in a folder of a git branch, over a forge's git data API (see
 * docs/adr/0005-git-workspaces.md). Reading: the branch's head, then, when it moved, its tree
 * once and the manifest when it changed; the changes are the difference with the commit of the
 * cursor. Writing: inside `beginSync`/`commitSync`, every write of a sync is buffered and made
 * as one commit; outside, each write is its own commit.
 */
export class GitWorkspace {
  private readonly prefix: string;
  private readonly snapshots: GitSnapshot[] = [];
  private latest: GitSnapshot | undefined;
  private batch: { draft: GitDraft | undefined } | undefined;
  private reader: ContentReader | undefined;
  // Commits found in StackEdit's layout (true) or not (false); the choice once cancelled.
  private readonly stackedit = new Map<string, boolean>();
  private stackeditCancelled = false;
  // Kept in StackEdit's layout: texts read, by blob sha; ids this client wrote that its commit
  // gave other ids (their paths' ids), to report removed; whether the last commit reads back
  // as the items written.
  private keepStackedit: boolean;
  private readonly texts = new Map<string, string>();
  private readonly reidentified = new Set<string>();
  private lastCommitExact = true;

  constructor(private readonly options: GitWorkspaceOptions) {
    const folder = options.path.replace(/^\/+|\/+$/g, '');
    this.prefix = folder === '' ? '' : `${folder}/`;
    this.keepStackedit = options.stackeditLayout === 'keep';
  }

  /** Whether the workspace is synced in StackEdit's layout (the option, or the choice made). */
  get keepsStackeditLayout(): boolean {
    return this.keepStackedit;
  }

  /** Changes since `cursor`: a commit sha, or `{from}..{to}#{offset}` within a paged read. */
  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    const paged = /^([0-9a-f]*)\.\.([0-9a-f]+)#(\d+)$/.exec(cursor ?? '');
    let from = cursor;
    let head: string | undefined;
    let offset = 0;
    if (paged) {
      [from, head, offset] = [paged[1] || undefined, paged[2]!, Number(paged[3])];
    } else {
      head = (await this.options.port.readHead()) ?? '';
      if (head === cursor) {
        // Writes build on the head: a snapshot read since (a branch forced back) is not it.
        if (this.latest?.commit !== head) this.latest = undefined;
        return { changes: [], cursor, more: false };
      }
    }
    let after = await this.snapshot(head);
    this.latest = after;
    if (!paged && (await this.isStackeditLayout(after))) {
      if (this.stackeditCancelled) throw new StackeditLayoutError();
      const choice = await this.options.onStackeditLayout!();
      if (choice === 'keep') {
        // Read again, every commit, in StackEdit's layout.
        this.keepStackedit = true;
        this.snapshots.length = 0;
        after = await this.snapshot(head);
        this.latest = after;
      } else if (choice !== 'convert') {
        this.stackeditCancelled = true;
        throw new StackeditLayoutError();
      } else {
        try {
          head = await this.convertStackedit();
        } catch (error) {
          // Another client committed meanwhile: the sync starts again and reads the branch anew.
          if (error instanceof NotFastForwardError) throw new TooLateError();
          throw error;
        }
        after = this.latest!;
      }
    }
    // A cursor whose commit is gone (history rewritten): everything is reported again.
    const before = from
      ? await this.snapshot(from).catch((error: unknown) => {
          if (error instanceof GitObjectMissingError) return undefined;
          throw error;
        })
      : undefined;
    // Files this client created, renamed or moved in StackEdit's layout: read back under their
    // paths' ids, the ids they had are gone.
    const gone = [...this.reidentified]
      .filter((id) => !after.view.has(id))
      .map((id) => ({ itemId: id, item: null, syncData: null }));
    const changes = [...gone, ...viewChanges(before?.view, after.view)];
    // (Reported until the last page is: the pages' offsets count them.)
    if (offset + (this.options.pageSize ?? Infinity) >= changes.length) this.reidentified.clear();
    const size = this.options.pageSize ?? Number.POSITIVE_INFINITY;
    const end = offset + size;
    if (end >= changes.length) return { changes: changes.slice(offset), cursor: head, more: false };
    return {
      changes: changes.slice(offset, end),
      cursor: `${from ?? ''}..${head}#${end}`,
      more: true,
    };
  }

  /** Whether a commit is in StackEdit's layout (asked only with `onStackeditLayout`): by its
   * paths, else by the trailers of its first texts. */
  private async isStackeditLayout(snapshot: GitSnapshot): Promise<boolean> {
    if (
      !this.options.onStackeditLayout ||
      this.keepStackedit ||
      snapshot.manifestSha !== undefined
    ) {
      return false;
    }
    let known = this.stackedit.get(snapshot.commit);
    if (known === undefined) {
      known =
        hasStackeditPaths(snapshot.files) ||
        (await hasStackeditTrailers(snapshot.files, (sha) => this.readText(sha)));
      this.stackedit.set(snapshot.commit, known);
    }
    return known;
  }

  private async readText(sha: string): Promise<string> {
    const known = this.texts.get(sha);
    if (known !== undefined) return known;
    const text = utf8Text(await this.options.port.readBlob(sha));
    if (this.keepStackedit) this.texts.set(sha, text);
    return text;
  }

  /**
   * Converts the branch's head from StackEdit's layout to Inkstone's in one commit: every
   * folder, file and location read from StackEdit's files (see {@link readStackeditLayout})
   * written as Inkstone writes them (plain texts, `.inkstone-data/`, `.inkstone-trash/`), and
   * StackEdit's texts, trash and location files removed. StackEdit's own data folder and a
   * location file that does not read stay as they are. Resolves with the new commit.
   */
  async convertStackedit(message = STACKEDIT_CONVERSION_MESSAGE): Promise<string> {
    const head = await this.headSnapshot();
    const read = await readStackeditLayout(head.files, (sha) => this.readText(sha));
    const draft = new GitDraft({ ...head, view: new Map() });
    draft.message = message;
    for (const item of read.items) draft.saveItem(item, undefined);
    for (const content of read.contents) draft.saveContent(content, undefined);
    for (const path of read.read) draft.dropped.add(path);
    if (draft.empty) return head.commit;
    return this.commit(draft);
  }

  /** A file's content as the last commit read has it; null when it has none. */
  async downloadContent(fileId: string): Promise<ContentItem | null> {
    const snapshot = this.latest ?? (await this.headSnapshot());
    if (snapshot.stackedit) {
      const entry = snapshot.view.get(`${fileId}/content`)?.content;
      return entry ? stackeditContent(fileId, await this.readText(entry.sha)) : null;
    }
    if (this.reader?.snapshot !== snapshot)
      this.reader = new ContentReader(this.options.port, snapshot);
    return this.reader.read(fileId);
  }

  /** The engine will download these files' contents, in this order: read a few ahead. */
  prefetchContent(fileIds: readonly string[]): void {
    if (this.latest && !this.latest.stackedit)
      this.reader = new ContentReader(this.options.port, this.latest, fileIds);
  }

  /** The commits that changed a file's text, newest first; none when the forge cannot list them
   * or the file has no text in the last commit read. */
  async listRevisions(fileId: string): Promise<RemoteRevision[]> {
    const { port } = this.options;
    const snapshot = this.latest ?? (await this.headSnapshot());
    const path = snapshot.view.get(`${fileId}/content`)?.content?.path;
    if (!path || !port.listCommits) return [];
    const commits = await port.listCommits(this.prefix + path);
    return commits.map(commitRevision);
  }

  /** A file's text as commit `revisionId` (one of {@link listRevisions}'s) has it, read from
   * that commit's tree and manifest: a file renamed or moved since is found all the same.
   * Rejects when the commit has no text of the file. (The commit is read aside: the snapshots
   * the sync diffs against stay as they are.) */
  async revisionText(fileId: string, revisionId: string): Promise<string> {
    const known = this.snapshots.find((snapshot) => snapshot.commit === revisionId);
    const snapshot =
      known ?? (await readSnapshot(this.options.port, revisionId, this.prefix, this.snapshots));
    const content = await readContent(this.options.port, snapshot, fileId);
    if (!content) throw new Error(`The file has no text in commit ${revisionId}.`);
    if (!this.keepStackedit) return content.text;
    return readStackeditTrailer(content.text)?.text ?? content.text;
  }

  /** The image files of the workspace's folder in the last commit read (outside the app's own
   * folders). */
  async listImages(): Promise<RemoteImage[]> {
    const snapshot = this.latest ?? (await this.headSnapshot());
    const images: RemoteImage[] = [];
    for (const [path, sha] of snapshot.files) {
      if (isImagePath(path) && !isReservedPath(path)) images.push({ path, sha });
    }
    return images;
  }

  /** An image's bytes, in base64. */
  async downloadImage(image: RemoteImage): Promise<string> {
    return bytesToBase64(await this.options.port.readBlob(image.sha));
  }

  /** Writes an image (base64) at `path` from the workspace's folder; resolves with its blob sha. */
  saveImage(path: string, content: string, message?: string): Promise<string> {
    return this.write(message, (draft) => draft.saveImage(path, content));
  }

  /** Saves an item (content with its text). */
  saveItem(item: Item, syncData: SyncData | undefined, message?: string): Promise<SyncData> {
    return this.write(message, (draft) => draft.saveItem(item, syncData));
  }

  /** Saves several items, in one commit outside a sync; a stale entry is refused alone. */
  saveItems(entries: readonly SaveEntry[], message?: string): Promise<SaveResult[]> {
    return this.write(message, (draft) =>
      entries.map(({ item, syncData }): SaveResult => {
        try {
          return { syncData: draft.saveItem(item, syncData) };
        } catch (error) {
          if (error instanceof TooLateError) return { tooLate: true };
          throw error;
        }
      }),
    );
  }

  /** Removes an item (a file's content takes its text and data file with it). */
  removeItem(syncData: SyncData, message?: string): Promise<void> {
    return this.write(message, (draft) => draft.remove(syncData));
  }

  /** Starts buffering writes until {@link commitSync} (anything still buffered is dropped). */
  beginSync(): void {
    this.batch = { draft: undefined };
  }

  /** Makes the buffered writes one commit and stops buffering; resolves with the commit read
   * and the new one (its only parent). The branch moved meanwhile: `TooLateError`, nothing
   * written (the sync starts again). */
  async commitSync(): Promise<{ from: string; to: string } | undefined> {
    const draft = this.batch?.draft;
    this.batch = undefined;
    if (!draft || draft.empty) return undefined;
    try {
      const to = await this.commit(draft);
      // Nothing written (StackEdit's layout, nothing changed), or not read back as written:
      // the engine reads the commit as a change.
      if (to === draft.base.commit || !this.lastCommitExact) return undefined;
      return { from: draft.base.commit, to };
    } catch (error) {
      if (error instanceof NotFastForwardError) throw new TooLateError();
      throw error;
    }
  }

  /** Drops the buffered writes and stops buffering. */
  discardSync(): void {
    this.batch = undefined;
  }

  private async write<T>(message: string | undefined, apply: (draft: GitDraft) => T): Promise<T> {
    if (this.batch) {
      this.batch.draft ??= new GitDraft(this.latest ?? (await this.headSnapshot()));
      const result = apply(this.batch.draft);
      if (message !== undefined) this.batch.draft.message = message;
      return result;
    }
    for (let attempt = 1; ; attempt += 1) {
      const draft = new GitDraft(await this.headSnapshot());
      draft.message = message;
      const result = apply(draft);
      if (draft.empty) return result;
      try {
        await this.commit(draft);
        return result;
      } catch (error) {
        if (!(error instanceof NotFastForwardError)) throw error;
        if (attempt >= SINGLE_WRITE_ATTEMPTS) throw new TooLateError();
      }
    }
  }

  private async commit(draft: GitDraft): Promise<string> {
    this.lastCommitExact = true;
    if (draft.base.stackedit) return this.commitKept(draft);
    const plan = planCommit(draft);
    const message = this.messageOf(draft, plan);
    const { commit, tree } = await this.writeCommit(draft, message, plan.changes);
    this.latest = { ...plan.snapshot, commit, tree };
    this.keep(this.latest);
    return commit;
  }

  // The draft's message, else one naming the paths created, updated and deleted.
  private messageOf(
    draft: GitDraft,
    plan: { created: string[]; updated: string[]; deleted: string[] },
  ): string {
    return (
      draft.message ??
      defaultCommitMessage(this.options.messages ?? DEFAULT_COMMIT_MESSAGES, {
        created: plan.created.map((path) => this.prefix + path),
        updated: plan.updated.map((path) => this.prefix + path),
        deleted: plan.deleted.map((path) => this.prefix + path),
      })
    );
  }

  // A commit in StackEdit's layout (stackedit-keep.ts); none when nothing changes.
  private async commitKept(draft: GitDraft): Promise<string> {
    const base = draft.base;
    const plan = await planStackeditCommit(draft, base.stackedit!, async (path) => {
      const sha = base.files.get(path);
      return sha === undefined ? undefined : this.readText(sha);
    });
    if (plan.changes.length === 0) return base.commit;
    for (const [sha, text] of plan.written) this.texts.set(sha, text);
    const message = this.messageOf(draft, plan);
    const { commit, tree } = await this.writeCommit(draft, message, plan.changes);
    const { view, info } = await stackeditView(plan.files, (sha) => this.readText(sha));
    this.latest = {
      commit,
      tree,
      files: plan.files,
      manifest: emptyManifest(),
      manifestSha: undefined,
      view,
      stackedit: info,
    };
    this.keep(this.latest);
    for (const [id, entry] of draft.set) {
      const now = view.get(id);
      if (entry ? now?.syncData.hash !== entry.syncData.hash : now !== undefined) {
        this.lastCommitExact = false;
      }
      if (entry && !now) this.reidentified.add(id);
    }
    return commit;
  }

  // Writes the changes (paths from the workspace's folder) on top of the draft's base commit.
  private async writeCommit(
    draft: GitDraft,
    message: string,
    planned: readonly GitTreeChange[],
  ): Promise<{ commit: string; tree: string }> {
    const { port } = this.options;
    const changes = planned.map((change) => ({ ...change, path: this.prefix + change.path }));
    let commit: string;
    let tree = '';
    if (writesFiles(port)) {
      // The index first (see GitFileWritePort), each change with the sha it replaces.
      const files = draft.base.files;
      const manifest = this.prefix + GIT_MANIFEST_PATH;
      const ordered: GitFileChange[] = [
        ...changes.filter((change) => change.path === manifest),
        ...changes.filter((change) => change.path !== manifest),
      ].map((change) => {
        const previous = files.get(change.path.slice(this.prefix.length));
        return previous === undefined ? change : { ...change, previous };
      });
      commit = await port.commitFiles(message, draft.base.commit || undefined, ordered);
    } else {
      tree = await port.writeTree(draft.base.tree || undefined, changes);
      const parents = draft.base.commit ? [draft.base.commit] : [];
      commit = await port.writeCommit(message, tree, parents);
      await port.moveHead(commit, draft.base.commit || undefined);
    }
    return { commit, tree };
  }

  private async headSnapshot(): Promise<GitSnapshot> {
    const head = await this.options.port.readHead();
    this.latest = await this.snapshot(head ?? '');
    return this.latest;
  }

  private async snapshot(commit: string): Promise<GitSnapshot> {
    if (commit === '') return emptySnapshot();
    const known = this.snapshots.find((snapshot) => snapshot.commit === commit);
    if (known) return known;
    let snapshot = await readSnapshot(this.options.port, commit, this.prefix, this.snapshots);
    if (this.keepStackedit && snapshot.manifestSha === undefined) {
      const { view, info } = await stackeditView(snapshot.files, (sha) => this.readText(sha));
      snapshot = { ...snapshot, view, stackedit: info };
    }
    this.keep(snapshot);
    return snapshot;
  }

  private keep(snapshot: GitSnapshot): void {
    const index = this.snapshots.findIndex((known) => known.commit === snapshot.commit);
    if (index >= 0) this.snapshots.splice(index, 1);
    this.snapshots.push(snapshot);
    if (this.snapshots.length > KEPT_SNAPSHOTS) this.snapshots.shift();
    if (this.texts.size > 0) {
      // Texts of the commits kept only.
      const kept = new Set(this.snapshots.flatMap((known) => [...known.files.values()]));
      for (const sha of this.texts.keys()) if (!kept.has(sha)) this.texts.delete(sha);
    }
  }
}

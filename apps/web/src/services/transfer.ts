// Issue 24, "Getting files in and out": importing many files at once and downloading the
// workspace as a zip, with what the user is told while and after it runs.

import { type FileItem, type FolderItem, importEntries, MAX_TEXT_LENGTH } from '@inkstone/core';
import { type AppStore } from '../store';
import { type Announcer } from './announcer';
import { notified } from '../store/notifications-slice';
import { itemsChanged } from '../store/workspace-slice';
import { downloadBlob, isoDate } from './file-transfer';
import { importEntriesOf, type ImportSource, type ReadOptions } from './import-sources';
import { timeSlicer } from './time-slice';
import { ignore, type ModalStack } from './modals';
import { LOCAL_DB_ERROR, type WorkspaceService } from './workspace';
import { workspaceZipName, zipWorkspace } from './workspace-zip';

/** The notice of an imported text that was longer than a file holds: it was split into parts,
 * none of it lost (ADR 0006; core §5 would cut it). */
export const IMPORT_SPLIT_MESSAGE = (name: string, parts: number) =>
  `“${name}” was longer than ${MAX_TEXT_LENGTH.toLocaleString('en')} characters, the most a file holds: it was imported whole, as ${parts.toLocaleString('en')} files (part 1 to part ${parts.toLocaleString('en')}).`;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What an import made, in words: "3 files, 1 folder and 2 images", "1 image" (what it did
 * not make is not named, unless it made nothing: "0 files"). */
export function importedSummary(files: number, folders: number, images: number): string {
  const parts: string[] = [];
  if (files > 0 || folders + images === 0) parts.push(count(files, 'file', 'files'));
  if (folders > 0) parts.push(count(folders, 'folder', 'folders'));
  if (images > 0) parts.push(count(images, 'image', 'images'));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The notice after an import in which everything was imported, unless it was one file, which
 * opens: "Imported 3 files and 1 folder.", "Imported 1 image."; an import of folders only,
 * which were all there already, made nothing new and says so. */
export const IMPORTED_MESSAGE = (files: number, folders: number, images: number) =>
  files + folders + images === 0
    ? NOTHING_NEW_MESSAGE
    : `Imported ${importedSummary(files, folders, images)}.`;

/** The notice of an import that only joined folders already there. */
export const NOTHING_NEW_MESSAGE = 'Imported nothing new: those folders were already there.';

/** What an import passed over as hidden (`.git`, `.obsidian`, `node_modules`…), in one line:
 * "Passed over 2 hidden items (.git, .obsidian)." — how many, and the first three names in
 * alphabetical order. */
export function passedOverMessage(hidden: readonly string[]): string {
  const names = [...new Set(hidden.map((path) => path.slice(path.lastIndexOf('/') + 1)))].sort();
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? '…' : '');
  return `Passed over ${count(hidden.length, 'hidden item', 'hidden items')} (${shown}).`;
}

/** The notice of an import, and what it passed over if anything. */
const withHidden = (message: string, hidden: readonly string[]) =>
  hidden.length === 0 ? message : `${message} ${passedOverMessage(hidden)}`;

/** What the import report dialog shows: what was imported, and what was not and why. */
export interface ImportReportProps {
  files: number;
  folders: number;
  images: number;
  skipped: Array<{ label: string; reason: string }>;
  /** The hidden files and folders passed over (see `passedOverMessage`). */
  hidden: string[];
}

/** Where the services of the open tab are that an import and an export need. */
export interface TransferDeps {
  workspace: WorkspaceService;
  store: AppStore;
  modals: ModalStack;
  /** The open workspace's name, for the zip's. */
  workspaceName: () => string;
  /** Saves what the editor holds, so the zip has the latest text; rejects when it cannot be
   * stored (see `saveEditorFirst`), and the zip is then not made. */
  flushEditor: () => Promise<void>;
  /** Says when an import or the zip starts and ends, for screen readers (the progress shows on
   * screen only: read at every file, it would talk over everything else). */
  announcer: Pick<Announcer, 'start'>;
}

/**
 * Imports and exports of the open workspace. One runs at a time (a drop during an import waits
 * for it); `activity` says what is running, in words, for the busy state of the Import/export
 * panel and the explorer.
 */
export class TransferService {
  private running: Promise<unknown> = Promise.resolve();
  private current: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: TransferDeps) {}

  /** What is running ("Importing 3 of 12 files…"), or null. */
  get activity(): string | null {
    return this.current;
  }

  /** Calls `listener` when {@link activity} changes; returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Imports what `collect` finds (chosen files, a drop) into the folder `target` (null: the
   * root), keeping their folders; then the first file imported becomes current. Texts longer than a
   * file holds (10,000,000 characters) are split into parts, with a notice each. What could not be imported is shown: for a
   * single chosen file, as an error notification with the reason ('File is not readable.');
   * otherwise in the import report dialog, which names each and why. Any other import but one
   * file, which opens, says what it made in a notification ("Imported 1 image."), which is
   * also what a screen reader hears at its end (notifications are status messages).
   */
  import(
    collect: () => Promise<ImportSource[]>,
    target: string | null,
    options: Omit<ReadOptions, 'turndown'> = {},
  ): Promise<void> {
    return this.queue(async () => {
      const { workspace, store } = this.deps;
      this.setActivity('Reading the files to import…');
      const sources = await collect();
      const turndown = store.getState().settings.settings.turndown;
      // Each file is read and converted in a slice of the page's time: a zip's files are
      // unpacked without waiting on anything, HTML converted likewise; a large image is turned
      // into base64 a piece at a time.
      const checkpoint = timeSlicer();
      const read = { ...options, turndown, checkpoint: () => checkpoint() };
      const entries = (await importEntriesOf(sources, read)).map((entry) =>
        entry.kind === 'text' || entry.kind === 'image'
          ? { ...entry, read: () => checkpoint().then(entry.read) }
          : entry,
      );
      const shown = entries.filter((entry) => entry.kind !== 'hidden');
      const fileCount = shown.filter((entry) => entry.kind !== 'folder').length;
      const announced = this.deps.announcer.start(
        `Importing ${count(fileCount, 'file', 'files')}…`,
      );
      try {
        const report = await importEntries(workspace.repo, workspace.newId, entries, {
          target,
          onProgress: (done, total) =>
            this.setActivity(
              `Importing ${done.toLocaleString('en')} of ${count(total, 'file', 'files')}…`,
            ),
          onWritten: (items: Array<FileItem | FolderItem>) =>
            store.dispatch(itemsChanged({ items, deletedIds: [] })),
        });
        const first = report.files[0];
        if (first) await workspace.openFile(first.id);
        for (const { label, parts } of report.split)
          store.dispatch(notified('info', IMPORT_SPLIT_MESSAGE(label, parts)));
        const { images, skipped, hidden } = report;
        const files = report.files.length;
        const folders = report.folders.length;
        const single = entries.length === 1 && shown.length === 1 && shown[0]!.kind !== 'folder';
        // One file that came in and opened: the only import that gets no notification.
        const opened = single && first !== undefined && skipped.length === 0;
        // The end is said by the notification or the report below, except for a file imported
        // alone, which only opens.
        announced.end(opened ? `${first.name} imported` : undefined);
        if (single && skipped.length === 1) {
          store.dispatch(notified('error', skipped[0]!.reason));
        } else if (skipped.length > 0) {
          void this.deps.modals
            .open('importReport', { files, folders, images, skipped, hidden })
            .catch(ignore);
        } else if (shown.length === 0) {
          store.dispatch(notified('info', withHidden('There was nothing to import.', hidden)));
        } else if (!opened) {
          store.dispatch(
            notified('info', withHidden(IMPORTED_MESSAGE(files, folders, images), hidden)),
          );
        }
      } finally {
        // (A failure ends it without a word: its error notification says it.)
        announced.end();
      }
    });
  }

  /** Downloads the workspace as a zip (see `zipWorkspace`), named after it and today. */
  downloadZip(): Promise<void> {
    return this.queue(async () => {
      this.setActivity('Making the zip…');
      const announced = this.deps.announcer.start('Making the zip…');
      try {
        await this.deps.flushEditor();
        const zip = await zipWorkspace(this.deps.workspace.repo, {
          onProgress: (done, total) =>
            this.setActivity(
              `Making the zip: ${done.toLocaleString('en')} of ${count(total, 'entry', 'entries')}…`,
            ),
        });
        downloadBlob(workspaceZipName(this.deps.workspaceName(), isoDate()), zip.blob);
        announced.end('Workspace zip downloaded');
      } finally {
        announced.end();
      }
    });
  }

  private queue(task: () => Promise<void>): Promise<void> {
    const run = this.running.then(async () => {
      try {
        await task();
      } catch (error) {
        console.error(error);
        this.deps.store.dispatch(
          notified(
            'error',
            error instanceof Error && error.message ? error.message : LOCAL_DB_ERROR,
          ),
        );
      } finally {
        this.setActivity(null);
      }
    });
    this.running = run;
    return run;
  }

  private setActivity(activity: string | null): void {
    if (activity === this.current) return;
    this.current = activity;
    for (const listener of this.listeners) listener();
  }
}

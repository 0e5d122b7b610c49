// Issue 24, "import many files at once": writing the files, folders and images of an import
// into the workspace, keeping their folders, and saying what could not be imported and why.

import { type ItemRepository } from '../db/repository.js';
import {
  type Comment,
  type Discussion,
  type FileItem,
  type FolderItem,
  type Item,
  type LocationItem,
} from '../items/types.js';
import { withHash } from '../items/hash.js';
import { computePaths } from '../validation/paths.js';
import { splitText } from '../validation/split-text.js';
import { newFileItems } from '../workspace/files.js';
import { archivePathSegments } from './import-paths.js';
import { readStackeditTrailer, type StackeditContent } from './stackedit-trailer.js';
import { ImportTree } from './import-tree.js';
import { StoredImages } from './stored-images.js';

/** One thing to import, found in the chosen files, a dropped folder or a zip. */
export type ImportEntry =
  /** A folder, imported even when empty. A folder holding only images, at any depth, is not
   * made a folder of the tree (its images go to the images store) unless it is `listed`: a
   * folder a zip lists as one (the workspace zip lists the tree's folders, and only those). */
  | { kind: 'folder'; path: string; label: string; listed?: boolean }
  /** A file of the workspace; `read` resolves to its markdown, or throws with the reason it
   * cannot be imported ('File is not readable.'). */
  | {
      kind: 'text';
      path: string;
      label: string;
      read: () => Promise<string>;
      /** What the file has besides its text, when it comes from another app's workspace (a
       * StackEdit backup); otherwise a StackEdit trailer at the text's end gives it. */
      talk?: Omit<StackeditContent, 'text'>;
      /** The file's sync and publish locations in that app's workspace: given to the file
       * made, unless its text is split in parts (a location would then hold one part only). */
      locations?: IncomingLocation[];
    }
  /** An image for the images store; `read` resolves to its bytes in base64. */
  | { kind: 'image'; path: string; label: string; read: () => Promise<string> }
  /** Something that is not imported, listed with the reason. */
  | { kind: 'skipped'; label: string; reason: string }
  /** A tool's folder or file (see `isHiddenFolder` and `isHiddenFile`: `.git`, `.obsidian`,
   * `node_modules`, `.gitignore`…), passed over with everything in it: counted in the report,
   * not listed one by one. */
  | { kind: 'hidden'; path: string };

/** A location of a file coming from another app's workspace, without its id and file. */
export type IncomingLocation = Omit<LocationItem, 'id' | 'hash' | 'fileId'>;

/** What an import did. */
export interface ImportReport {
  /** The files made, in the order of the entries. */
  files: FileItem[];
  /** The folders made (folders joined are not counted). */
  folders: FolderItem[];
  /** The images stored (an image already there with the same bytes, at the same path or at
   * its `.1`, `.2`…, counts). */
  images: number;
  /** What was not imported, in the order of the entries, with the reason to show. */
  skipped: Array<{ label: string; reason: string }>;
  /** The texts longer than a file holds (10,000,000 characters), each imported whole as
   * `parts` files named `{name} (part 1)`, `{name} (part 2)`… (ADR 0006: never cut). */
  split: Array<{ label: string; parts: number }>;
  /** The hidden files and folders passed over (`Vault/.git`), each once, in the order met. */
  hidden: string[];
}

/** Options of {@link importEntries}. */
export interface ImportOptions {
  /** The folder the import goes into; null (the default) for the root. */
  target?: string | null;
  /** Files written per transaction (50 by default). */
  batchSize?: number;
  /** Called after each file, image or skipped entry is dealt with (imported, or listed as not
   * imported), with the number done and the number to do: the last call has them equal. */
  onProgress?: (done: number, total: number) => void;
  /** Called after each write, with the files and folders it stored. */
  onWritten?: (items: Array<FileItem | FolderItem>) => void;
}

/**
 * Imports `entries` into the folder `target`: each entry's path, relative to it, gives the
 * folders the entry goes in, which join the folders of the same name already there or are
 * made (see {@link ImportTree}); a file is named after its own name without the extension,
 * made unique among the files of its folder. Texts are stored as core §5 says, but a text
 * longer than a file holds is split into parts, never cut (`split` lists those; ADR 0006). Images go to the images store at
 * `/{folder path}/{path}`; an image of that path with other bytes is kept, and the new one gets
 * `.1` before its extension (`.2`… when taken), unless one of those already holds the same
 * bytes: then nothing is stored again (see {@link StoredImages}).
 *
 * An entry that cannot be read is listed in `skipped` with its reason and the others go on.
 * Files are written `batchSize` at a time, each batch in one transaction: when a write fails,
 * what was written before stays, and the batch and every entry after it are listed in
 * `skipped` with the database's error. Hidden entries are counted in `hidden`, nothing more.
 */
export async function importEntries(
  repo: ItemRepository,
  newId: () => string,
  entries: readonly ImportEntry[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const { target = null, batchSize = 50, onProgress, onWritten } = options;
  const report: ImportReport = {
    files: [],
    folders: [],
    images: 0,
    skipped: [],
    split: [],
    hidden: [],
  };
  const files = (await repo.getAll('file')) as FileItem[];
  const folders = (await repo.getAll('folder')) as FolderItem[];
  const tree = new ImportTree(files, folders, newId);
  const targetPath = (target === null ? '' : computePaths([], folders).get(target)) ?? '';
  // The images store's paths, listed at the first image.
  let images: StoredImages | undefined;

  let batch: Item[] = [];
  let batchTree: Array<FileItem | FolderItem> = [];
  let batchLabels: string[] = [];
  let batchSplit: ImportReport['split'] = [];
  let failure: string | undefined;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await repo.put(batch);
      for (const item of batchTree) {
        if (item.type === 'file') report.files.push(item);
        else report.folders.push(item);
      }
      report.split.push(...batchSplit);
      onWritten?.(batchTree);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      for (const label of batchLabels) report.skipped.push({ label, reason: failure });
    }
    batch = [];
    batchTree = [];
    batchLabels = [];
    batchSplit = [];
  };

  const imageFolders = foldersOfImagesOnly(entries);
  const total = entries.filter(
    (entry) => entry.kind !== 'folder' && entry.kind !== 'hidden',
  ).length;
  let done = 0;
  const hidden = new Set<string>();
  for (const entry of entries) {
    if (entry.kind === 'hidden') {
      if (!hidden.has(entry.path)) report.hidden.push(entry.path);
      hidden.add(entry.path);
      continue;
    }
    if (entry.kind === 'folder') {
      if (failure !== undefined) continue;
      const segments = archivePathSegments(entry.path);
      if (!entry.listed && imageFolders.has(segments.join('/'))) continue;
      const { created } = tree.folderAt(target, segments);
      batch.push(...created);
      batchTree.push(...created);
      continue;
    }
    // Every other entry counts once in the progress, whatever becomes of it.
    try {
      if (failure !== undefined) {
        report.skipped.push({ label: entry.label, reason: failure });
        continue;
      }
      if (entry.kind === 'skipped') {
        report.skipped.push({ label: entry.label, reason: entry.reason });
        continue;
      }
      const segments = archivePathSegments(entry.path);
      const name = segments.pop() ?? entry.label;
      let content: string;
      try {
        content = await entry.read();
      } catch (error) {
        report.skipped.push({
          label: entry.label,
          reason: error instanceof Error ? error.message : String(error),
        });
        continue;
      }
      if (entry.kind === 'image') {
        const path = `/${targetPath}${[...segments, name].join('/')}`;
        try {
          images ??= await StoredImages.read(repo);
          const { free } = await images.placeFor(path, content);
          if (free !== undefined) {
            const id = newId();
            await repo.putImage({ id, path: free, content, uploaded: false });
            images.stored(id, free, content);
          }
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          report.skipped.push({ label: entry.label, reason: failure });
          continue;
        }
        report.images += 1;
      } else {
        const { id: parentId, created } = tree.folderAt(target, segments);
        batch.push(...created);
        batchTree.push(...created);
        // A file written by StackEdit: its trailer becomes the file's properties, discussions
        // and comments, not text.
        const stackedit =
          entry.kind === 'text' && entry.talk
            ? { text: content, ...entry.talk }
            : readStackeditTrailer(content);
        const parts = splitText(stackedit?.text ?? content);
        let partStart = 0;
        const locations = (entry.kind === 'text' && parts.length === 1 && entry.locations) || [];
        parts.forEach((part, index) => {
          const partName = parts.length === 1 ? name : partFileName(name, index + 1);
          const last = index === parts.length - 1;
          const items = newFileItems(newId, {
            name: tree.fileName(parentId, partName),
            parentId,
            text: part,
            ...(stackedit && {
              ...(stackedit.properties !== undefined && { properties: stackedit.properties }),
              ...discussionsOfPart(stackedit, partStart, part.length, last),
            }),
          });
          partStart += part.length;
          batch.push(...items);
          batchTree.push(items[0]);
          for (const location of locations) {
            batch.push(withHash<LocationItem>({ ...location, id: newId(), fileId: items[0].id }));
          }
        });
        batchLabels.push(entry.label);
        if (parts.length > 1) batchSplit.push({ label: entry.label, parts: parts.length });
        if (batchLabels.length >= batchSize) await flush();
      }
    } finally {
      onProgress?.((done += 1), total);
    }
  }
  await flush();
  return report;
}

// The folders (as 'a/b') that hold images and no file of the tree, at any depth: images keep
// their paths in the images store, and such a folder is not made a folder of the tree (nor are
// the empty folders inside it).
function foldersOfImagesOnly(entries: readonly ImportEntry[]): Set<string> {
  const withImages = new Set<string>();
  const withTexts = new Set<string>();
  for (const entry of entries) {
    if (entry.kind !== 'image' && entry.kind !== 'text') continue;
    const segments = archivePathSegments(entry.path);
    const holders = entry.kind === 'image' ? withImages : withTexts;
    for (let end = 1; end < segments.length; end += 1) {
      holders.add(segments.slice(0, end).join('/'));
    }
  }
  const imageOnly = [...withImages].filter((folder) => !withTexts.has(folder));
  // A folder inside one of those goes with it.
  return new Set(
    entries.flatMap((entry) => {
      if (entry.kind !== 'folder') return [];
      const path = archivePathSegments(entry.path).join('/');
      return imageOnly.some((folder) => path === folder || path.startsWith(`${folder}/`))
        ? [path]
        : [];
    }),
  );
}

/** The discussions (and their comments) of the part of a text that starts at `start` and is
 * `length` long: those that start in it, their places counted from the part's start and kept
 * within it. The last part takes those at the text's very end. */
function discussionsOfPart(
  { discussions, comments }: StackeditContent,
  start: number,
  length: number,
  last: boolean,
): { discussions: Record<string, Discussion>; comments: Record<string, Comment> } {
  const inPart: Record<string, Discussion> = {};
  for (const [id, discussion] of Object.entries(discussions)) {
    const from = discussion.start - start;
    if (from < 0 || from > length || (from === length && !last)) continue;
    inPart[id] = { ...discussion, start: from, end: Math.min(length, discussion.end - start) };
  }
  const theirComments = Object.fromEntries(
    Object.entries(comments).filter(([, comment]) => comment.discussionId in inPart),
  );
  return { discussions: inPart, comments: theirComments };
}

/** The file name of a text's `part`: `Novel.md` → `Novel (part 2).md`. */
function partFileName(name: string, part: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0
    ? `${name.slice(0, dot)} (part ${part})${name.slice(dot)}`
    : `${name} (part ${part})`;
}

// Issue 24, "import many files at once": what the user chose or dropped (files, folders, zips),
// as the entries core imports, each with its path and a way to read it.

import {
  archivePathSegments,
  hiddenPath,
  type ImportEntry,
  importKind,
  isHiddenFolder,
  isSystemFile,
  readableText,
  type TurndownSettings,
  UNSUPPORTED_TYPE_MESSAGE,
} from '@inkstone/core';
import { unzip, type UnzipFileFilter, type Unzipped, unzipSync } from 'fflate';
import { decodeUtf8, htmlToMarkdown } from './file-transfer';
import { bytesBase64 } from './workspace-zip';

/** A chosen or dropped file with its path from what was chosen (`Notes/a.md` for a file of a
 * chosen or dropped folder `Notes`), or a folder (`file` null, its path ending with `/`), which
 * is imported even when empty. `unreadable` says why a file or folder of a dropped folder could
 * not be read: it is listed as not imported, with that reason. */
export interface ImportSource {
  path: string;
  file: File | null;
  unreadable?: string;
}

/** The reason shown for a zip that cannot be opened. */
export const BROKEN_ZIP_MESSAGE = 'Not a zip file, or a damaged one: nothing in it was imported.';
/** The reason shown for a file of a zip that cannot be unpacked. */
export const BROKEN_ZIP_ENTRY_MESSAGE = 'Damaged in the zip: it could not be unpacked.';
/** The reason shown for a zip found inside a zip. */
export const NESTED_ZIP_MESSAGE = 'A zip inside a zip is not opened.';
/** The reason shown for a file of a dropped folder that the browser could not open (removed
 * since the drop, a broken link, not allowed to be read). */
export const UNOPENED_FILE_MESSAGE =
  'The file could not be opened: it was moved or deleted, or may not be read.';
/** The reason shown for a folder of a dropped folder whose contents could not be listed. */
export const UNLISTED_FOLDER_MESSAGE =
  'The folder could not be opened: nothing in it was imported.';
/** The reason shown for a folder of a dropped folder that could be listed only in part. */
export const PART_LISTED_FOLDER_MESSAGE =
  'The folder could not be read to the end: the rest of what it holds was not imported.';

/** The sources of chosen files: from a folder chooser (`webkitdirectory`), each file has its
 * path in the chosen folder, the folder's own name first. */
export function sourcesOfFiles(files: Iterable<File>): ImportSource[] {
  return [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/**
 * The sources of a drop: files and whole folders (through `webkitGetAsEntry`, read at any
 * depth, empty folders included; a hidden folder inside, `.git` say, is not read, only named).
 * Call it in the drop's event handler: the browser empties the data transfer once the handler
 * returns, so the entries are taken within the call, and only then read. A file or folder
 * inside a dropped folder that cannot be read (removed since the drop, not allowed) is a source
 * with the reason (`unreadable`), for the import report, and the rest is read as usual; the
 * promise does not fail.
 */
export function sourcesOfDrop(dataTransfer: DataTransfer): Promise<ImportSource[]> {
  const items = [...(dataTransfer.items ?? [])].filter((item) => item.kind === 'file');
  if (items.length === 0) return Promise.resolve(sourcesOfFiles(dataTransfer.files));
  // Taken now, while the drop's data can be read.
  const dropped = items.map((item) => ({
    entry: typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null,
    file: item.getAsFile(),
  }));
  return (async () => {
    const sources: ImportSource[] = [];
    for (const { entry, file } of dropped) {
      if (entry?.isDirectory) await walk(entry as FileSystemDirectoryEntry, entry.name, sources);
      else if (file) sources.push({ path: file.name, file });
    }
    return sources;
  })();
}

async function walk(
  directory: FileSystemDirectoryEntry,
  path: string,
  sources: ImportSource[],
): Promise<void> {
  const at = sources.length;
  sources.push({ path: `${path}/`, file: null });
  const reader = directory.createReader();
  // readEntries gives the entries a batch at a time (100 in Chromium), then an empty batch.
  for (let listed = false; ; listed = true) {
    let batch: FileSystemEntry[];
    try {
      batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
    } catch {
      // A folder that could not be opened is not made, only listed; one read in part is made,
      // with what was read of it.
      if (listed) {
        sources.push({ path: `${path}/`, file: null, unreadable: PART_LISTED_FOLDER_MESSAGE });
      } else {
        sources[at] = { path: `${path}/`, file: null, unreadable: UNLISTED_FOLDER_MESSAGE };
      }
      return;
    }
    if (batch.length === 0) return;
    for (const entry of batch) {
      const entryPath = `${path}/${entry.name}`;
      if (entry.isDirectory && isHiddenFolder(entry.name)) {
        // Passed over by the import with all it holds (thousands of files in `.git`): not read.
        sources.push({ path: `${entryPath}/`, file: null });
      } else if (entry.isDirectory) {
        await walk(entry as FileSystemDirectoryEntry, entryPath, sources);
      } else {
        try {
          const file = await new Promise<File>((resolve, reject) =>
            (entry as FileSystemFileEntry).file(resolve, reject),
          );
          sources.push({ path: entryPath, file });
        } catch {
          sources.push({ path: entryPath, file: null, unreadable: UNOPENED_FILE_MESSAGE });
        }
      }
    }
  }
}

/** How the sources' texts are read. */
export interface ReadOptions {
  /** Read every text as markdown or as HTML, whatever its extension (the "Import markdown" and
   * "Import HTML" buttons); by default the extension says. */
  as?: 'markdown' | 'html';
  /** The settings' turndown options, for HTML. */
  turndown: TurndownSettings;
  /** Lets the page run during a long read (a large image turned into base64): see
   * `timeSlicer`. None by default. */
  checkpoint?: () => Promise<void>;
}

/**
 * The entries of an import: each file by its extension (see `importKind`), markdown read as
 * UTF-8 and refused when it is not text ('File is not readable.'), HTML converted to markdown,
 * images kept as bytes; each zip opened, its files and folders entries of their own, placed
 * where the zip was (a dropped `Notes/export.zip` fills `Notes/`); anything else listed as
 * skipped, as is what a dropped folder could not read (`unreadable`). Files the system leaves
 * beside the user's (`.DS_Store`, `__MACOSX/`…) are passed over in silence; the folders of
 * tools inside a chosen folder or a zip (`.git`, `.obsidian`, `node_modules`, see
 * `isHiddenFolder`) and dot-named files the import would not take (`.gitignore`, see
 * `isHiddenFile`) are passed over too, each once as a `hidden` entry, for the report to count.
 * Other dot-named folders and notes (`.drafts/`, `.plan.md`) are imported. What the user chose
 * or dropped itself is never hidden.
 */
export async function importEntriesOf(
  sources: readonly ImportSource[],
  options: ReadOptions,
): Promise<ImportEntry[]> {
  const entries: ImportEntry[] = [];
  const hidden = new Set<string>();
  const passOver = (path: string) => {
    if (!hidden.has(path)) entries.push({ kind: 'hidden', path });
    hidden.add(path);
  };
  for (const { path, file, unreadable } of sources) {
    const segments = archivePathSegments(path);
    if (isSystemFile(segments)) continue;
    const hiddenAt = hiddenPath(segments, 1, path.endsWith('/'));
    if (hiddenAt !== null) {
      passOver(hiddenAt);
      continue;
    }
    if (unreadable !== undefined) {
      entries.push({ kind: 'skipped', label: path, reason: unreadable });
      continue;
    }
    if (!file) {
      entries.push({ kind: 'folder', path, label: path });
      continue;
    }
    const kind = importKind(file.name);
    if (kind === 'zip') {
      entries.push(...(await zipEntries(file, path, segments.slice(0, -1), options, passOver)));
    } else {
      const read = (): Promise<Uint8Array> => file.arrayBuffer().then((b) => new Uint8Array(b));
      entries.push(entryOf(path, path, kind, read, options));
    }
  }
  return entries;
}

function entryOf(
  path: string,
  label: string,
  kind: ReturnType<typeof importKind>,
  read: () => Promise<Uint8Array>,
  options: ReadOptions,
): ImportEntry {
  const readAsTold = kind === 'markdown' || kind === 'html' || kind === 'unsupported';
  const as = options.as && readAsTold ? options.as : kind;
  if (as === 'image') {
    return {
      kind: 'image',
      path,
      label,
      read: async () => bytesBase64(await read(), options.checkpoint),
    };
  }
  if (as === 'markdown' || as === 'html') {
    return {
      kind: 'text',
      path,
      label,
      read: async () => {
        const text = readableText(decodeUtf8(await read()));
        return as === 'html' ? htmlToMarkdown(text, options.turndown) : text;
      },
    };
  }
  if (as === 'zip') return { kind: 'skipped', label, reason: NESTED_ZIP_MESSAGE };
  return { kind: 'skipped', label, reason: UNSUPPORTED_TYPE_MESSAGE };
}

// The most a group of files unpacked together holds: bytes once unpacked, and files.
const UNZIP_GROUP_BYTES = 4 * 1024 * 1024;
const UNZIP_GROUP_FILES = 64;

/** The names of the files of a zip unpacked together when `files[start]` is read: it and the
 * files after it, while they come to at most 4 MB unpacked (a larger file is unpacked alone)
 * and 64 files. Reading them in order, each is unpacked once and no more than a group's work
 * happens between two files. */
export function unpackedWith(
  files: ReadonlyArray<{ name: string; originalSize: number }>,
  start: number,
): string[] {
  const group: string[] = [];
  let size = 0;
  for (const file of files.slice(Math.max(0, start), start + UNZIP_GROUP_FILES)) {
    if (group.length > 0 && size + file.originalSize > UNZIP_GROUP_BYTES) break;
    group.push(file.name);
    size += file.originalSize;
  }
  return group;
}

// fflate's asynchronous unzip: a file that deflate made much smaller, over 512 KB, is inflated
// in a worker; a small one, or one that barely shrank (a photo), is copied out on this thread,
// which costs about a millisecond a megabyte.
function unzipFiles(bytes: Uint8Array, filter: UnzipFileFilter): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    unzip(bytes, { filter }, (error, files) => (error ? reject(error) : resolve(files)));
  });
}

async function zipEntries(
  file: File,
  label: string,
  folder: string[],
  options: ReadOptions,
  passOver: (path: string) => void,
): Promise<ImportEntry[]> {
  let bytes: Uint8Array;
  const listed: Array<{ name: string; originalSize: number }> = [];
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
    // Lists the zip's entries without unpacking any.
    unzipSync(bytes, {
      filter: ({ name, originalSize }) => {
        listed.push({ name, originalSize });
        return false;
      },
    });
  } catch {
    return [{ kind: 'skipped', label, reason: BROKEN_ZIP_MESSAGE }];
  }

  // The files that will be read, in order, with their unpacked sizes.
  const toRead: Array<{ name: string; originalSize: number }> = [];
  let unpacked = new Map<string, Uint8Array>();
  const read = (name: string) => async (): Promise<Uint8Array> => {
    if (!unpacked.has(name)) {
      const start = toRead.findIndex((item) => item.name === name);
      const group = new Set([name, ...(start < 0 ? [] : unpackedWith(toRead, start))]);
      try {
        unpacked = new Map(Object.entries(await unzipFiles(bytes, (item) => group.has(item.name))));
      } catch {
        // One damaged file spoils its group: unpack this one alone to find out which.
        unpacked = new Map();
        try {
          const one = (await unzipFiles(bytes, (item) => item.name === name))[name];
          if (one) unpacked.set(name, one);
        } catch {
          throw new Error(BROKEN_ZIP_ENTRY_MESSAGE);
        }
      }
    }
    const data = unpacked.get(name);
    // Read once: the bytes go to the caller (a large image is not kept twice).
    unpacked.delete(name);
    if (!data) throw new Error(BROKEN_ZIP_ENTRY_MESSAGE);
    return data;
  };

  const entries: ImportEntry[] = [];
  for (const item of listed) {
    const { name } = item;
    const segments = archivePathSegments(name);
    if (segments.length === 0 || isSystemFile(segments)) continue;
    const hiddenAt = hiddenPath([...folder, ...segments], folder.length, name.endsWith('/'));
    if (hiddenAt !== null) {
      passOver(hiddenAt);
      continue;
    }
    const path = [...folder, ...segments].join('/');
    const entryLabel = `${label}: ${name}`;
    if (name.endsWith('/')) {
      // Listed by the zip as a folder: made even when it holds only images.
      entries.push({ kind: 'folder', path: `${path}/`, label: entryLabel, listed: true });
      continue;
    }
    const entry = entryOf(path, entryLabel, importKind(segments.at(-1)!), read(name), options);
    if (entry.kind !== 'skipped') toRead.push(item);
    entries.push(entry);
  }

  return entries;
}

// Issue 24, "Download the workspace as a zip": where each folder, file and image of a workspace
// goes in the archive. Pure: the web app reads the texts and images and writes the zip.

import { type FileItem, type FolderItem, type ImageItem } from '../items/types.js';
import { computePaths, TRASH_PATH } from '../validation/paths.js';
import { nameWithSuffix } from '../validation/unique-name.js';
import { makePathsUnique } from '../validation/unique-paths.js';
import { archivePathSegments } from './import-paths.js';

/** Where the parts of a workspace go in its zip. Paths are relative, '/'-separated. */
export interface ArchiveLayout {
  /** Every folder of the tree, empty ones too, as `Notes/Old/` (with the trailing slash of a
   * directory entry), parents before children. */
  folders: string[];
  /** Every file of the tree, as `Notes/Old/Plan.md`, sorted by path. */
  files: Array<{ fileId: string; path: string }>;
  /** Every image of the images store at its path, as `imgs/2026-01-02/a.png`, sorted. */
  images: Array<{ imageId: string; path: string }>;
}

// A name a zip tool would read as "this folder" or "the parent folder": a folder may be named
// so in the tree (names are free text), but not in an archive.
const isDotName = (name: string) => name === '.' || name === '..';

/**
 * The layout of a workspace's zip: each file at `{folder path}/{name}.md`, each folder as a
 * directory entry (so empty folders are kept), each image at its own path. The trash and the
 * temp area are left out. Two items that would share a path (a local workspace allows two
 * files of one name in a folder) are told apart as the app makes paths unique, `Notes.1.md`
 * (see `makePathsUnique`); a folder named `.` or `..` becomes `..1` or `...1` for the same
 * reason. An image path loses its leading slash and any `.`, `..` and empty segments; one that
 * is already taken gets `.1`, `.2`… before its extension.
 */
export function archiveLayout(
  files: readonly FileItem[],
  folders: readonly FolderItem[],
  images: ReadonlyArray<Pick<ImageItem, 'id' | 'path'>>,
): ArchiveLayout {
  const safeFolders = folders.map((folder) =>
    isDotName(folder.name) ? { ...folder, name: nameWithSuffix(folder.name, 1) } : folder,
  );
  const renamed = new Map<string, FileItem | FolderItem>(
    makePathsUnique(files, safeFolders).map((item) => [item.id, item]),
  );
  const paths = computePaths(
    files.map((file) => (renamed.get(file.id) as FileItem | undefined) ?? file),
    safeFolders.map((folder) => (renamed.get(folder.id) as FolderItem | undefined) ?? folder),
  );
  const inTree = (path: string | undefined): path is string =>
    path !== undefined && !path.startsWith(TRASH_PATH);

  const folderPaths = folders
    .map((folder) => paths.get(folder.id))
    .filter(inTree)
    .sort(byPath);
  const filePaths = files
    .map((file) => ({ fileId: file.id, path: paths.get(file.id) }))
    .filter((entry): entry is { fileId: string; path: string } => inTree(entry.path))
    .sort((a, b) => byPath(a.path, b.path));

  const taken = new Set<string>([
    ...folderPaths.map((path) => path.slice(0, -1)),
    ...filePaths.map((entry) => entry.path),
  ]);
  const imagePaths = [...images]
    .sort((a, b) => byPath(a.id, b.id))
    .map((image) => {
      const segments = archivePathSegments(image.path);
      const path = uniquePath(segments.length > 0 ? segments.join('/') : image.id, taken);
      taken.add(path);
      return { imageId: image.id, path };
    })
    .sort((a, b) => byPath(a.path, b.path));

  return { folders: folderPaths, files: filePaths, images: imagePaths };
}

/** `path` if it is not taken, else the first of `a.1.png`, `a.2.png`… that is not. */
export function uniquePath(path: string, taken: ReadonlySet<string>): string {
  if (!taken.has(path)) return path;
  for (let n = 1; ; n += 1) {
    const candidate = numberedPath(path, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/** `path` with `.{n}` before the extension of its last segment (`imgs/a.png`, 2 →
 * `imgs/a.2.png`; `imgs/README`, 1 → `imgs/README.1`): the paths {@link uniquePath} tries. */
export function numberedPath(path: string, n: number): string {
  const slash = path.lastIndexOf('/') + 1;
  const dot = path.lastIndexOf('.');
  const cut = dot > slash ? dot : path.length;
  return `${path.slice(0, cut)}.${n}${path.slice(cut)}`;
}

// By UTF-16 code units, as paths compare everywhere else: the same order on every device.
function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

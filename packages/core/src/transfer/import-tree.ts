// Issue 24: the folders and names that imported files get in the tree. Folders of the import
// join folders of the same name; file names that are taken become unique as the app's names do.

import { withHash } from '../items/hash.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { isFolderNameAllowed } from '../validation/folder-name.js';
import { sanitizeFilename } from '../validation/name.js';
import { nameWithSuffix, uniqueName } from '../validation/unique-name.js';
import { importedFileName } from '../workspace/import-file.js';

/**
 * The tree as an import fills it: the folders and file names already there, and those the
 * import has made so far. Nothing is stored here; the folders it makes are returned to be
 * written with the files they hold.
 */
export class ImportTree {
  // parent id → folder name → folder id
  private readonly folderIds = new Map<string | null, Map<string, string>>();
  // parent id → the file names taken there
  private readonly fileNames = new Map<string | null, Set<string>>();

  /** `files` and `folders`: the workspace's tree before the import. */
  constructor(
    files: readonly FileItem[],
    folders: readonly FolderItem[],
    private readonly newId: () => string,
  ) {
    // In a clash of two folders of one name, the one with the smallest id is joined, as the
    // one that keeps its name when paths are made unique.
    const sorted = [...folders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const folder of sorted) {
      const names = this.folderNames(folder.parentId);
      if (!names.has(folder.name)) names.set(folder.name, folder.id);
    }
    for (const file of files) this.takenNames(file.parentId).add(file.name);
  }

  /**
   * The folder at `segments` below `parentId` (null for the root): each segment joins the
   * folder of that name if there is one, else a new folder is made. Names are sanitised as the
   * explorer's are; a name no folder may have (`.inkstone-data`, `x.md`…, spec core §5) gets
   * `.1` (`x.md.1`). Returns the folder's id and the folders made, parents first.
   */
  folderAt(
    parentId: string | null,
    segments: readonly string[],
  ): { id: string | null; created: FolderItem[] } {
    const created: FolderItem[] = [];
    let id = parentId;
    for (const segment of segments) {
      let name = sanitizeFilename(segment);
      for (let n = 1; !isFolderNameAllowed(name); n += 1) {
        name = nameWithSuffix(sanitizeFilename(segment), n);
      }
      const names = this.folderNames(id);
      let folderId = names.get(name);
      if (folderId === undefined) {
        const folder = withHash<FolderItem>({
          id: this.newId(),
          type: 'folder',
          name,
          parentId: id,
        });
        names.set(name, folder.id);
        created.push(folder);
        folderId = folder.id;
      }
      id = folderId;
    }
    return { id, created };
  }

  /**
   * The name a file imported as `fileName` gets in `parentId`, taken from then on: without its
   * last extension (`notes.md` → `notes`), sanitised, and unique among the files there, the
   * app's rule (`notes.1`, `notes.2`…, see `uniqueName`). Files and folders may share a name:
   * their paths differ (`notes.md`, `notes/`).
   */
  fileName(parentId: string | null, fileName: string): string {
    const taken = this.takenNames(parentId);
    const name = uniqueName(sanitizeFilename(importedFileName(fileName)), taken);
    taken.add(name);
    return name;
  }

  private folderNames(parentId: string | null): Map<string, string> {
    let names = this.folderIds.get(parentId);
    if (!names) this.folderIds.set(parentId, (names = new Map<string, string>()));
    return names;
  }

  private takenNames(parentId: string | null): Set<string> {
    let names = this.fileNames.get(parentId);
    if (!names) this.fileNames.set(parentId, (names = new Set()));
    return names;
  }
}

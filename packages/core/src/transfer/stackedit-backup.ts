// Issue 33, "move in from StackEdit": a StackEdit workspace backup (Workspace backups → Export
// workspace, "StackEdit workspace.json") is one JSON object of the workspace's items by id, as
// StackEdit keeps them: folders { type: 'folder', name, parentId }, files { type: 'file', name,
// parentId }, and each file's content under `{fileId}/content` { type: 'content', text,
// properties, discussions, comments }; a parentId of 'trash' is StackEdit's trash; a file's sync
// and publish locations { type: 'syncLocation' | 'publishLocation', fileId, providerId, sub,
// …the provider's fields }, the same as Inkstone's. StackEdit 4's backups hold `file.{id}.title`
// and `file.{id}.content` instead. Its other items (settings, templates, tokens) are not read.

import { type ItemRepository } from '../db/repository.js';
import { type Comment, type Discussion } from '../items/types.js';
import {
  type ImportEntry,
  importEntries,
  type IncomingLocation,
  type ImportOptions,
  type ImportReport,
} from './import-entries.js';
import { isRecord, stackeditComments, stackeditDiscussions } from './stackedit-trailer.js';

/** The files and folders of a StackEdit backup, as entries to import: those of its tree, and
 * the files of its trash. */
export interface StackeditBackupEntries {
  tree: ImportEntry[];
  trash: ImportEntry[];
}

interface BackupFile {
  name: string;
  parentId: string | null;
  text: string;
  properties?: string;
  discussions: Record<string, Discussion>;
  comments: Record<string, Comment>;
  locations: IncomingLocation[];
}

const V4_KEY = /^file\.([^.]+)\.(title|content)$/;

/**
 * The files and folders of a StackEdit workspace backup, parsed (`JSON.parse` of the file), as
 * entries for {@link importEntries}; undefined when it holds no file or folder as StackEdit
 * writes them (then it is not a StackEdit backup). Folder and file names are kept as they are
 * (the import makes them storable and unique); a file whose folder is missing goes to the root.
 */
export function stackeditBackupEntries(backup: unknown): StackeditBackupEntries | undefined {
  if (!isRecord(backup)) return undefined;
  const folders = new Map<string, { name: string; parentId: string | null }>();
  const files = new Map<string, BackupFile>();
  const contents = new Map<string, Record<string, unknown>>();
  const v4 = new Map<string, { title?: string; content?: string }>();
  const locationsOf = new Map<string, IncomingLocation[]>();
  for (const [id, value] of Object.entries(backup)) {
    const old = V4_KEY.exec(id);
    if (old && typeof value === 'string') {
      const file = v4.get(old[1]!) ?? {};
      file[old[2] === 'title' ? 'title' : 'content'] = value;
      v4.set(old[1]!, file);
      continue;
    }
    if (!isRecord(value) || typeof value.type !== 'string') continue;
    const parentId = typeof value.parentId === 'string' && value.parentId ? value.parentId : null;
    if (value.type === 'folder' && typeof value.name === 'string') {
      folders.set(id, { name: value.name, parentId });
    } else if (value.type === 'file' && typeof value.name === 'string') {
      files.set(id, {
        name: value.name,
        parentId,
        text: '',
        discussions: {},
        comments: {},
        locations: [],
      });
    } else if (value.type === 'content' && id.endsWith('/content')) {
      contents.set(id.slice(0, -'/content'.length), value);
    } else if (isFileLocation(value)) {
      locationsOf.set(value.fileId, [
        ...(locationsOf.get(value.fileId) ?? []),
        locationFields(value),
      ]);
    }
  }
  for (const [fileId, locations] of locationsOf) {
    const file = files.get(fileId);
    if (file) file.locations = locations;
  }
  for (const [id, file] of files) {
    const content = contents.get(id);
    if (!content) continue;
    if (typeof content.text === 'string') file.text = content.text;
    if (typeof content.properties === 'string') file.properties = content.properties;
    file.discussions = stackeditDiscussions(content.discussions, file.text.length);
    file.comments = stackeditComments(content.comments, file.discussions);
  }
  for (const [id, { title, content }] of v4) {
    if (title === undefined && content === undefined) continue;
    files.set(`v4:${id}`, {
      name: title ?? 'Untitled',
      parentId: null,
      text: content ?? '',
      discussions: {},
      comments: {},
      locations: [],
    });
  }
  if (files.size === 0 && folders.size === 0) return undefined;

  // Each folder's path from the root, as segments; a folder in a missing folder (or a loop)
  // goes to the root. StackEdit's trash holds files only.
  const paths = new Map<string, string[]>();
  const pathOf = (id: string, seen: Set<string> = new Set()): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const folder = folders.get(id)!;
    const parent =
      folder.parentId !== null && folders.has(folder.parentId) && !seen.has(folder.parentId)
        ? pathOf(folder.parentId, seen.add(id))
        : [];
    const path = [...parent, folder.name];
    paths.set(id, path);
    return path;
  };
  const tree: ImportEntry[] = [];
  const trash: ImportEntry[] = [];
  for (const id of folders.keys()) {
    const path = pathOf(id).join('/');
    tree.push({ kind: 'folder', path, label: `${path}/`, listed: true });
  }
  for (const file of files.values()) {
    const inTrash = file.parentId === 'trash';
    const folder =
      !inTrash && file.parentId !== null && folders.has(file.parentId) ? pathOf(file.parentId) : [];
    // The import takes a file's name without its last extension: `.md` keeps the whole name.
    const path = [...folder, `${file.name}.md`].join('/');
    const { text, name: _name, parentId: _parentId, locations, ...talk } = file;
    (inTrash ? trash : tree).push({
      kind: 'text',
      path,
      label: [...folder, file.name].join('/'),
      read: () => Promise.resolve(text),
      talk,
      ...(locations.length > 0 ? { locations } : {}),
    });
  }
  return { tree, trash };
}

// A sync or publish location of a file (not of a workspace: StackEdit's workspaces are not
// items, and a location of one would mean nothing here).
function isFileLocation(
  value: Record<string, unknown>,
): value is Record<string, unknown> & { fileId: string; providerId: string } {
  return (
    (value.type === 'syncLocation' || value.type === 'publishLocation') &&
    typeof value.fileId === 'string' &&
    typeof value.providerId === 'string' &&
    !/(Workspace|AppData)$/.test(value.providerId)
  );
}

// A location's own fields: without StackEdit's id, hash, transaction and file.
function locationFields(value: Record<string, unknown>): IncomingLocation {
  const { id: _id, hash: _hash, tx: _tx, fileId: _fileId, ...fields } = value;
  return fields as IncomingLocation;
}

/** Options of {@link importStackeditBackup}. */
export interface StackeditImportOptions {
  /** Called with the files and folders of each transaction, as it is written. */
  onWritten?: ImportOptions['onWritten'];
  /** The images that came with the backup (its zip's `images/`), placed at their paths. */
  images?: ImportEntry[];
}

/**
 * Imports a StackEdit workspace backup's files and folders (and `images`) into a workspace,
 * beside what is there (new ids; folders of the same name and place are joined, as an import of
 * a folder joins them): its trashed files go to the trash. Undefined, importing nothing, when
 * `text` is not a StackEdit backup.
 */
export async function importStackeditBackup(
  repo: ItemRepository,
  newId: () => string,
  text: string,
  { onWritten, images = [] }: StackeditImportOptions = {},
): Promise<ImportReport | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const entries = stackeditBackupEntries(parsed);
  if (!entries) return undefined;
  const options = onWritten ? { onWritten } : {};
  const report = await importEntries(repo, newId, [...entries.tree, ...images], options);
  if (entries.trash.length > 0) {
    const trashed = await importEntries(repo, newId, entries.trash, {
      ...options,
      target: 'trash',
    });
    report.files.push(...trashed.files);
    report.skipped.push(...trashed.skipped);
    report.split.push(...trashed.split);
  }
  return report;
}

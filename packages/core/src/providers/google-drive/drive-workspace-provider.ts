import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ID_LENGTH } from '../../constants.js';
import { encodeWtf8 } from '../../items/encoding.js';
import { hashItem } from '../../items/hash.js';
import { ID_ALPHABET } from '../../items/id.js';
import { sanitizeFilename } from '../../validation/name.js';
import { type ContentItem, type FileItem, type FolderItem, type Item } from '../../items/types.js';
import {
  type ChangesPage,
  type RemoteChange,
  type RemoteRevision,
  type SyncData,
  TooLateError,
  type WorkspaceProvider,
} from '../../sync/workspace-provider.js';
import {
  APP_DATA_FOLDER,
  DRIVE_DATA_FOLDER,
  DRIVE_TRASH_FOLDER,
  folderNotAccessible,
  folderOfAnotherWorkspace,
  GOOGLE_DRIVE_APP_DATA_PROVIDER_ID,
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
  PROP,
} from './constants.js';
import {
  DRIVE_FOLDER_MIME,
  DRIVE_PAGE_SIZE,
  DriveApiError,
  type DriveClient,
  type DriveFile,
  type DriveSpace,
} from './drive-client.js';

/** The MIME type of a workspace file's text. */
export const MARKDOWN_MIME = 'text/markdown';
const JSON_MIME = 'application/json';

/** A Drive folder refused as a workspace: not reachable, or part of another workspace. The
 * message is the spec's (providers §8). */
export class DriveFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriveFolderError';
  }
}

/** Where a Drive workspace lives. */
export interface DriveWorkspaceOptions {
  client: DriveClient;
  /** The workspace folder's id, or 'appDataFolder' for the main workspace of a Google
   * sign-in (ADR 0007). */
  folderId: string;
  /** The data and trash folders when the workspace params already know them. */
  dataFolderId?: string;
  trashFolderId?: string;
  /** The most items a page of changes holds (half as many Drive files); without it, pages
   * of 1000 Drive files (up to 2000 items: a file and its text). */
  pageSize?: number;
}

/** The folders of a workspace, as `openDriveWorkspace` finds or makes them. */
export interface DriveWorkspaceFolders {
  folderId: string;
  dataFolderId: string;
  trashFolderId: string;
}

/**
 * Finds or makes a workspace's folders (spec providers §4 "Cloud drive G workspace"): with an
 * empty `folderId`, a new folder named `name` in the drive's root; then its `.inkstone-data`
 * and `.inkstone-trash` folders, recorded on the workspace folder. Refuses a folder that is
 * not reachable or that is part of another workspace, in the spec's words.
 */
export async function openDriveWorkspace(
  client: DriveClient,
  folderId: string,
  name: string,
): Promise<DriveWorkspaceFolders> {
  if (folderId === APP_DATA_FOLDER) {
    return { folderId, dataFolderId: APP_DATA_FOLDER, trashFolderId: APP_DATA_FOLDER };
  }
  let root: DriveFile;
  if (folderId.trim() === '') {
    root = await client.create({
      name: name || 'Inkstone workspace',
      mimeType: DRIVE_FOLDER_MIME,
      parents: ['root'],
    });
  } else {
    const id = folderId.trim();
    try {
      root = await client.getFile(id);
    } catch (error) {
      if (error instanceof DriveApiError && (error.status === 404 || error.status === 403)) {
        throw new DriveFolderError(folderNotAccessible(id));
      }
      throw error;
    }
    if (root.mimeType !== DRIVE_FOLDER_MIME || root.trashed) {
      throw new DriveFolderError(folderNotAccessible(id));
    }
  }
  const props = root.appProperties ?? {};
  const owner = props[PROP.workspace];
  if (owner !== undefined && owner !== root.id) {
    throw new DriveFolderError(folderOfAnotherWorkspace(root.id));
  }
  const dataFolderId =
    props[PROP.dataFolder] ?? (await makeFolder(client, root.id, DRIVE_DATA_FOLDER, 'dataFolder'));
  const trashFolderId =
    props[PROP.trashFolder] ??
    (await makeFolder(client, root.id, DRIVE_TRASH_FOLDER, 'trashFolder'));
  if (owner === undefined || !props[PROP.dataFolder] || !props[PROP.trashFolder]) {
    await client.update(root.id, {
      appProperties: {
        [PROP.workspace]: root.id,
        [PROP.kind]: 'root',
        [PROP.dataFolder]: dataFolderId,
        [PROP.trashFolder]: trashFolderId,
      },
    });
  }
  return { folderId: root.id, dataFolderId, trashFolderId };
}

async function makeFolder(
  client: DriveClient,
  rootId: string,
  name: string,
  kind: string,
): Promise<string> {
  const folder = await client.create({
    name,
    mimeType: DRIVE_FOLDER_MIME,
    parents: [rootId],
    appProperties: { [PROP.workspace]: rootId, [PROP.kind]: kind },
  });
  return folder.id;
}

// What a file's data file in `.inkstone-data` holds.
interface ContentData {
  properties?: string;
  discussions?: ContentItem['discussions'];
  comments?: ContentItem['comments'];
  history?: string[];
}

/** The MD5 Drive gives a text uploaded as UTF-8, in hex. */
export function textMd5(text: string): string {
  return bytesToHex(md5(encodeWtf8(text)));
}

// The hash a content changed outside Inkstone is listed with: not the item's hash (that needs
// the text), but a marker that differs from every item hash, so that the sync downloads it.
const outsideHash = (md5sum: string | undefined) => `drive-md5:${md5sum ?? ''}`;

/** The item id of a markdown file or folder that another tool put in a workspace's folder:
 * the same in every client, since it comes from the Drive file's id, and like every id 16
 * base62 characters (spec core §9). Two clients taking the same file in write the same
 * appProperties. */
export function adoptedItemId(driveId: string): string {
  const digest = sha256(encodeWtf8(`drive:${driveId}`));
  let id = '';
  for (let i = 0; i < ID_LENGTH; i += 1) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length];
  return id;
}

// A file another tool made that the workspace takes in: a markdown file by its name (`.md`,
// the name Inkstone gives its own), whatever MIME type the tool gave it, but not a Google Docs
// document, which has no text to download.
const isForeignMarkdown = (file: DriveFile) =>
  /\.md$/i.test(file.name ?? '') &&
  file.mimeType !== DRIVE_FOLDER_MIME &&
  !(file.mimeType ?? '').startsWith('application/vnd.google-apps.');

// Cursor forms: 'L{start}|{listPageToken}' while the first read lists the workspace, then
// 'C{pageToken}' on the changes feed.
const LIST = 'L';
const CHANGES = 'C';

/**
 * A workspace in a Drive folder, or in the application data folder for the main workspace of a
 * Google sign-in (spec providers §4 "Cloud drive G workspace", ADR 0007). Each file is one
 * markdown file holding only its text, in the Drive folder of its folder; folders are Drive
 * folders; a file's properties, discussions, comments and history are a JSON file in
 * `.inkstone-data`, as are the other items (locations, data); removed items go to
 * `.inkstone-trash`. What each Drive file is goes in its appProperties (`constants.ts`
 * `PROP`). The first read lists the workspace; later ones read Drive's changes feed from the
 * saved page token. Every write first reads the Drive file and refuses (TOO_LATE) when it
 * changed since the engine's sync data: a change made elsewhere is never overwritten.
 */
export class DriveWorkspaceProvider implements WorkspaceProvider {
  readonly id: string;
  private readonly client: DriveClient;
  private readonly space: DriveSpace;
  private readonly root: string;
  private readonly pageSize: number;
  private folders: Promise<DriveWorkspaceFolders> | undefined;
  /** Item id → Drive id (a file's markdown file under the file's id). */
  private readonly driveIds = new Map<string, string>();
  /** Drive id → the item ids it holds (for a deletion the feed gives by Drive id only). */
  private readonly itemIds = new Map<string, string[]>();
  /** Drive folder id → the folder item it is (learned, or read when a file arrives in it). */
  private readonly folderItems = new Map<string, string>();
  /** Drive folders read and found not to be the workspace's (the changes feed gives every
   * file of the drive: each folder elsewhere is read once). */
  private readonly otherFolders = new Set<string>();

  constructor(private readonly options: DriveWorkspaceOptions) {
    this.client = options.client;
    this.root = options.folderId;
    this.space = this.root === APP_DATA_FOLDER ? 'appDataFolder' : 'drive';
    this.id =
      this.space === 'appDataFolder'
        ? GOOGLE_DRIVE_APP_DATA_PROVIDER_ID
        : GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID;
    // Drive's pages of 1000 (spec providers §9); a page given in items (the contract's) holds
    // half as many Drive files, each up to two items (a file and its text).
    this.pageSize =
      options.pageSize === undefined
        ? DRIVE_PAGE_SIZE
        : Math.max(1, Math.floor(options.pageSize / 2));
    if (options.dataFolderId && options.trashFolderId) {
      this.folders = Promise.resolve({
        folderId: this.root,
        dataFolderId: options.dataFolderId,
        trashFolderId: options.trashFolderId,
      });
    }
  }

  /** The workspace folder's id ('appDataFolder' for the app data workspace). */
  get folderId(): string {
    return this.root;
  }

  /** The workspace's folders, found (or made) once. */
  layout(): Promise<DriveWorkspaceFolders> {
    if (!this.folders) {
      const opening = openDriveWorkspace(this.client, this.root, '');
      this.folders = opening;
      opening.catch(() => {
        if (this.folders === opening) this.folders = undefined;
      });
    }
    return this.folders;
  }

  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    const folders = await this.layout();
    if (cursor === undefined || cursor.startsWith(LIST)) {
      const [start, listToken] =
        cursor === undefined
          ? [await this.client.startPageToken(this.space), undefined]
          : splitList(cursor.slice(1));
      // Markdown files and folders another tool put in the workspace's folder are marked as
      // the workspace's first, so that the listing gives them with the rest.
      if (cursor === undefined && this.space === 'drive') await this.adoptIn(this.root, null);
      const page = await this.client.listPage(
        `appProperties has { key='${PROP.workspace}' and value='${escapeQ(this.root)}' } and trashed = false`,
        this.space,
        listToken,
        this.pageSize,
        'createdTime',
      );
      const changes = await this.changesOf(page.files, folders);
      if (page.nextPageToken) {
        return { changes, cursor: `${LIST}${start}|${page.nextPageToken}`, more: true };
      }
      return { changes, cursor: `${CHANGES}${start}`, more: false };
    }
    const page = await this.client.changes(cursor.slice(1), this.space, this.pageSize);
    const files: DriveFile[] = [];
    const changes: RemoteChange[] = [];
    for (const change of page.changes) {
      if (change.removed || !change.file) {
        for (const itemId of this.itemIds.get(change.fileId) ?? []) {
          changes.push({ itemId, item: null, syncData: null });
        }
      } else files.push(change.file);
    }
    const arrived = this.space === 'drive' ? await this.adoptArrivals(files) : files;
    changes.push(...(await this.changesOf(arrived, folders)));
    if (page.nextPageToken) {
      return { changes, cursor: `${CHANGES}${page.nextPageToken}`, more: true };
    }
    return {
      changes,
      cursor: `${CHANGES}${page.newStartPageToken ?? cursor.slice(1)}`,
      more: false,
    };
  }

  async saveItem(item: Item, syncData: SyncData | undefined): Promise<SyncData> {
    if (item.type === 'content') return this.uploadContent(item, syncData);
    const folders = await this.layout();
    const current = await this.current(item.id, syncData);
    if (item.type === 'file' || item.type === 'folder') {
      this.guard(current && this.treeItem(current, folders), syncData);
      const parentId = item.parentId;
      const driveParent = await this.driveParent(parentId, folders);
      const appProperties: Record<string, string | null> = {
        [PROP.item]: '1',
        [PROP.parent]: parentId ?? '',
        [PROP.driveParent]: driveParent,
        [PROP.trashedAt]:
          item.type === 'file' && item.trashedAt !== undefined ? String(item.trashedAt) : null,
      };
      const name = item.type === 'file' ? `${item.name}.md` : item.name;
      let file: DriveFile;
      if (current) {
        const from = current.parents?.[0];
        file = await this.client.update(
          current.id,
          { name, appProperties },
          from !== driveParent ? { addParents: driveParent, removeParents: from } : {},
        );
      } else {
        file = await this.client.create({
          name,
          mimeType: item.type === 'file' ? MARKDOWN_MIME : DRIVE_FOLDER_MIME,
          parents: [driveParent],
          appProperties: {
            ...appProperties,
            [PROP.workspace]: this.root,
            [PROP.kind]: item.type === 'file' ? 'md' : 'folder',
            [PROP.id]: item.id,
          },
        });
      }
      this.learn(file);
      return { id: file.id, itemId: item.id, type: item.type, hash: item.hash };
    }
    this.guard(current && this.jsonItem(current), syncData);
    const media = JSON.stringify(item);
    const appProperties = { [PROP.hash]: item.hash };
    let file: DriveFile;
    if (current) {
      const from = current.parents?.[0];
      const to = folders.dataFolderId;
      file = await this.client.update(
        current.id,
        { media, mimeType: JSON_MIME, appProperties },
        from !== to ? { addParents: to, removeParents: from } : {},
      );
    } else {
      file = await this.client.create({
        name: `${item.id.replace(/\//g, '_')}.json`,
        mimeType: JSON_MIME,
        parents: [folders.dataFolderId],
        media,
        appProperties: {
          ...appProperties,
          [PROP.workspace]: this.root,
          [PROP.kind]: 'json',
          [PROP.id]: item.id,
        },
      });
    }
    this.learn(file);
    return { id: file.id, itemId: item.id, type: item.type, hash: item.hash };
  }

  async removeItem(syncData: SyncData): Promise<void> {
    const folders = await this.layout();
    const current = await this.current(
      syncData.type === 'content' ? fileIdOf(syncData.itemId) : syncData.itemId,
      syncData,
    );
    if (!current) return;
    const remote =
      syncData.type === 'content'
        ? this.contentRef(current)
        : syncData.type === 'file' || syncData.type === 'folder'
          ? this.treeItem(current, folders)
          : this.jsonItem(current);
    if (!remote) return; // Already gone.
    if (remote.hash !== syncData.hash) throw new TooLateError();
    const props = current.appProperties ?? {};
    const kind = props[PROP.kind];
    const appProperties: Record<string, string> =
      syncData.type === 'content'
        ? { [PROP.hash]: '' }
        : kind === 'json'
          ? { [PROP.hash]: '' }
          : { [PROP.item]: '0' };
    // A markdown file goes to the trash once neither its file item nor its text is left.
    const emptied =
      kind !== 'md' || (syncData.type === 'content' ? props[PROP.item] !== '1' : !props[PROP.hash]);
    const from = current.parents?.[0];
    const to = folders.trashFolderId;
    const file = await this.client.update(
      current.id,
      { appProperties },
      emptied && from !== to ? { addParents: to, removeParents: from } : {},
    );
    this.learn(file);
  }

  async downloadContent(fileId: string, syncData: SyncData): Promise<ContentItem | null> {
    let file: DriveFile;
    try {
      file = await this.client.getFile(syncData.id || this.driveIds.get(fileId) || '');
    } catch (error) {
      if (error instanceof DriveApiError && error.status === 404) return null;
      throw error;
    }
    const props = file.appProperties ?? {};
    if (file.trashed || props[PROP.kind] !== 'md' || !props[PROP.hash]) return null;
    const text = await this.client.download(file.id);
    const dataId = props[PROP.data];
    const data: ContentData = dataId ? await this.readData(dataId) : {};
    const unhashed = {
      id: `${fileId}/content`,
      type: 'content' as const,
      text,
      properties: data.properties ?? '',
      discussions: data.discussions ?? {},
      comments: data.comments ?? {},
      history: data.history ?? [],
    };
    return { ...unhashed, hash: hashItem(unhashed) };
  }

  async uploadContent(content: ContentItem, syncData: SyncData | undefined): Promise<SyncData> {
    const folders = await this.layout();
    const fileId = fileIdOf(content.id);
    const current = await this.current(fileId, syncData);
    this.guard(current && this.contentRef(current), syncData);
    const data: ContentData = {};
    if (content.properties) data.properties = content.properties;
    if (Object.keys(content.discussions).length > 0) data.discussions = content.discussions;
    if (Object.keys(content.comments).length > 0) data.comments = content.comments;
    if (content.history.length > 0) data.history = content.history;
    const hasData = Object.keys(data).length > 0;
    let dataId = current?.appProperties?.[PROP.data];
    if (hasData || dataId) {
      const media = JSON.stringify(data);
      if (dataId) {
        try {
          await this.client.update(dataId, { media, mimeType: JSON_MIME });
        } catch (error) {
          if (!(error instanceof DriveApiError && error.status === 404)) throw error;
          dataId = undefined;
        }
      }
      if (!dataId && hasData) {
        dataId = (
          await this.client.create({
            name: `${fileId}.json`,
            mimeType: JSON_MIME,
            parents: [folders.dataFolderId],
            media,
            appProperties: { [PROP.workspace]: this.root, [PROP.kind]: 'data', [PROP.id]: fileId },
          })
        ).id;
      }
    }
    const appProperties: Record<string, string | null> = {
      [PROP.hash]: content.hash,
      [PROP.md5]: textMd5(content.text),
      [PROP.data]: dataId ?? null,
    };
    let file: DriveFile;
    if (current) {
      file = await this.client.update(current.id, {
        media: content.text,
        mimeType: MARKDOWN_MIME,
        appProperties,
      });
    } else {
      file = await this.client.create({
        name: `${fileId}.md`,
        mimeType: MARKDOWN_MIME,
        parents: [this.root],
        media: content.text,
        appProperties: {
          ...appProperties,
          [PROP.workspace]: this.root,
          [PROP.kind]: 'md',
          [PROP.id]: fileId,
          [PROP.parent]: '',
        },
      });
    }
    this.learn(file);
    return contentSyncData(file, fileId, content.hash);
  }

  async listRevisions(fileId: string, syncData: SyncData): Promise<RemoteRevision[]> {
    const driveId = syncData.id || this.driveIds.get(fileId);
    if (!driveId) return [];
    return this.client.remoteRevisions(driveId);
  }

  /** The text of one revision of a file (`listRevisions`'s id). */
  revisionText(fileId: string, syncData: SyncData, revisionId: string): Promise<string> {
    return this.client.downloadRevision(syncData.id || this.driveIds.get(fileId) || '', revisionId);
  }

  // The Drive file of an item as Drive has it now (undefined: none, or not ours).
  private async current(
    itemId: string,
    syncData: SyncData | undefined,
  ): Promise<DriveFile | undefined> {
    const driveId = syncData?.id || this.driveIds.get(itemId);
    if (!driveId) return undefined;
    try {
      const file = await this.client.getFile(driveId);
      if (file.appProperties?.[PROP.workspace] !== this.root) return undefined;
      return file;
    } catch (error) {
      if (error instanceof DriveApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  // The write guard (TOO_LATE): what the remote has now must be what the engine last synced.
  private guard(remote: { hash: string } | null | undefined, syncData: SyncData | undefined): void {
    if ((remote?.hash ?? undefined) !== (syncData?.hash ?? undefined)) throw new TooLateError();
  }

  // Where an item of `parentId` goes in Drive.
  private async driveParent(
    parentId: string | null,
    folders: DriveWorkspaceFolders,
  ): Promise<string> {
    if (parentId === null) return this.root;
    if (parentId === 'trash') return folders.trashFolderId;
    const known = this.driveIds.get(parentId);
    if (known) return known;
    if (parentId === 'temp') return this.root;
    const found = await this.client.listPage(
      `mimeType = '${DRIVE_FOLDER_MIME}' and appProperties has { key='${PROP.id}' and value='${escapeQ(parentId)}' } and appProperties has { key='${PROP.workspace}' and value='${escapeQ(this.root)}' } and trashed = false`,
      this.space,
      undefined,
      1,
    );
    const folder = found.files[0];
    if (folder) {
      this.learn(folder);
      return folder.id;
    }
    // The folder item comes later in this sync (texts and files go before folders): its Drive
    // folder is made now, unnamed and unmarked (no item yet), and its save names it.
    const placeholder = await this.client.create({
      name: parentId,
      mimeType: DRIVE_FOLDER_MIME,
      parents: [this.root],
      appProperties: { [PROP.workspace]: this.root, [PROP.kind]: 'folder', [PROP.id]: parentId },
    });
    this.learn(placeholder);
    return placeholder.id;
  }

  // The file or folder item a Drive file holds (null: removed or not one).
  private treeItem(file: DriveFile, folders: DriveWorkspaceFolders): FileItem | FolderItem | null {
    const props = file.appProperties ?? {};
    const kind = props[PROP.kind];
    const id = props[PROP.id];
    if ((kind !== 'md' && kind !== 'folder') || !id || props[PROP.item] !== '1' || file.trashed) {
      return null;
    }
    const parentId = this.parentOf(file, folders);
    // Drive takes any name; another tool, or a rename in Drive, may give one the explorer
    // would not (a slash, a line break, over 250 characters): the item gets the name the
    // explorer would make of it (spec core §5), the Drive file keeps its own.
    if (kind === 'folder') {
      const name = sanitizeFilename(file.name ?? '');
      const unhashed = { id, type: 'folder' as const, name, parentId };
      return { ...unhashed, hash: hashItem(unhashed) };
    }
    const name = sanitizeFilename((file.name ?? '').replace(/\.md$/i, ''));
    const trashedAt = props[PROP.trashedAt];
    const unhashed = {
      id,
      type: 'file' as const,
      name,
      parentId,
      ...(trashedAt ? { trashedAt: Number(trashedAt) } : {}),
    };
    return { ...unhashed, hash: hashItem(unhashed) };
  }

  // The parent item: the one written, unless the Drive file was moved (in Drive) into another
  // folder of the workspace: then that folder ("parents followed").
  private parentOf(file: DriveFile, folders: DriveWorkspaceFolders): string | null {
    const written = file.appProperties?.[PROP.parent] || null;
    const driveParent = file.parents?.[0];
    if (!driveParent || written === 'trash' || written === 'temp') return written;
    const placed = file.appProperties?.[PROP.driveParent];
    if (placed === undefined || placed === driveParent) return written;
    if (driveParent === this.root) return null;
    if (driveParent === folders.trashFolderId) return written;
    const moved = this.itemIds.get(driveParent)?.[0];
    return moved ?? written;
  }

  // The content a markdown file lists: its hash (or a marker when its text changed outside
  // Inkstone), null when removed.
  private contentRef(file: DriveFile): { hash: string } | null {
    const props = file.appProperties ?? {};
    const hash = props[PROP.hash];
    if (props[PROP.kind] !== 'md' || !hash || file.trashed) return null;
    if (file.md5Checksum !== undefined && props[PROP.md5] && file.md5Checksum !== props[PROP.md5]) {
      return { hash: outsideHash(file.md5Checksum) };
    }
    return { hash };
  }

  // The JSON item's hash (the item itself needs a download).
  private jsonItem(file: DriveFile): { hash: string } | null {
    const props = file.appProperties ?? {};
    const hash = props[PROP.hash];
    if (props[PROP.kind] !== 'json' || !hash || file.trashed) return null;
    return { hash };
  }

  // The items' changes of a batch of Drive files.
  private async changesOf(
    files: DriveFile[],
    folders: DriveWorkspaceFolders,
  ): Promise<RemoteChange[]> {
    for (const file of files) this.learn(file);
    const changes: RemoteChange[] = [];
    for (const file of files) {
      const props = file.appProperties ?? {};
      if (props[PROP.workspace] !== this.root) continue;
      const kind = props[PROP.kind];
      const id = props[PROP.id];
      if (!id) continue;
      if (kind === 'md' || kind === 'folder') {
        if (props[PROP.item] !== undefined || file.trashed) {
          const item = this.treeItem(file, folders);
          changes.push({
            itemId: id,
            item,
            syncData: item && { id: file.id, itemId: id, type: item.type, hash: item.hash },
          });
        }
        if (kind === 'md' && (props[PROP.hash] !== undefined || file.trashed)) {
          const ref = this.contentRef(file);
          const contentId = `${id}/content`;
          changes.push({
            itemId: contentId,
            item: ref && ({ id: contentId, type: 'content', hash: ref.hash } as ContentItem),
            syncData: ref && contentSyncData(file, id, ref.hash),
          });
        }
      } else if (kind === 'json') {
        const ref = this.jsonItem(file);
        if (!ref) {
          changes.push({ itemId: id, item: null, syncData: null });
          continue;
        }
        let item: Item;
        try {
          item = JSON.parse(await this.client.download(file.id)) as Item;
        } catch (error) {
          if (error instanceof DriveApiError && error.status === 404) continue;
          throw error;
        }
        changes.push({
          itemId: id,
          item,
          syncData: { id: file.id, itemId: id, type: item.type, hash: ref.hash },
        });
      }
    }
    return changes;
  }

  // Takes in a markdown file or folder another tool made in folder `driveParent` (item
  // `parentId`): marks it as the workspace's (appProperties) under an id drawn from its Drive
  // id. A text taken in is listed with the marker of a text changed outside Inkstone, so that
  // the sync downloads it, then uploads it with its item hash.
  private async adopt(
    file: DriveFile,
    parentId: string | null,
    driveParent: string,
  ): Promise<DriveFile> {
    const folder = file.mimeType === DRIVE_FOLDER_MIME;
    const adopted = await this.client.update(file.id, {
      appProperties: {
        [PROP.workspace]: this.root,
        [PROP.kind]: folder ? 'folder' : 'md',
        [PROP.id]: adoptedItemId(file.id),
        [PROP.parent]: parentId ?? '',
        [PROP.driveParent]: driveParent,
        [PROP.item]: '1',
        ...(folder
          ? {}
          : { [PROP.hash]: outsideHash(file.md5Checksum), [PROP.md5]: file.md5Checksum ?? '' }),
      },
    });
    this.learn(adopted);
    return adopted;
  }

  // Takes in what another tool put in Drive folder `driveFolder` (item `folderId`, null for the
  // workspace folder) and, folder by folder, below it; gives the Drive files taken in.
  private async adoptIn(driveFolder: string, folderId: string | null): Promise<DriveFile[]> {
    const adopted: DriveFile[] = [];
    const inside = await this.client.list(
      `'${escapeQ(driveFolder)}' in parents and trashed = false`,
      this.space,
    );
    for (const file of inside) {
      const props = file.appProperties ?? {};
      if (props[PROP.workspace] === undefined) {
        if (file.mimeType === DRIVE_FOLDER_MIME) {
          const folder = await this.adopt(file, folderId, driveFolder);
          adopted.push(folder, ...(await this.adoptIn(folder.id, adoptedItemId(file.id))));
        } else if (isForeignMarkdown(file)) {
          adopted.push(await this.adopt(file, folderId, driveFolder));
        }
      } else if (props[PROP.workspace] === this.root && props[PROP.kind] === 'folder') {
        const id = props[PROP.id];
        if (id) adopted.push(...(await this.adoptIn(file.id, id)));
      }
    }
    return adopted;
  }

  // The changes feed's files, with those another tool made in a folder of the workspace taken
  // in (and, for a folder, everything in it).
  private async adoptArrivals(files: DriveFile[]): Promise<DriveFile[]> {
    const result: DriveFile[] = [];
    for (const file of files) {
      const driveParent = file.parents?.[0];
      const foreign =
        file.appProperties?.[PROP.workspace] === undefined &&
        !file.trashed &&
        driveParent !== undefined &&
        (file.mimeType === DRIVE_FOLDER_MIME || isForeignMarkdown(file));
      const parentId = foreign ? await this.folderItemOf(driveParent) : undefined;
      if (parentId === undefined) {
        result.push(file);
        continue;
      }
      const adopted = await this.adopt(file, parentId, driveParent!);
      result.push(adopted);
      if (adopted.mimeType === DRIVE_FOLDER_MIME) {
        result.push(...(await this.adoptIn(adopted.id, adoptedItemId(file.id))));
      }
    }
    return result;
  }

  // The folder item a Drive folder is in this workspace: null for the workspace folder,
  // undefined when it is not one of the workspace's folders.
  private async folderItemOf(driveFolder: string): Promise<string | null | undefined> {
    if (driveFolder === this.root) return null;
    const known = this.folderItems.get(driveFolder);
    if (known !== undefined) return known;
    if (this.otherFolders.has(driveFolder)) return undefined;
    let folder: DriveFile;
    try {
      folder = await this.client.getFile(driveFolder);
    } catch (error) {
      if (error instanceof DriveApiError && (error.status === 404 || error.status === 403)) {
        return undefined;
      }
      throw error;
    }
    this.learn(folder);
    const id = this.folderItems.get(driveFolder);
    if (id === undefined) this.otherFolders.add(driveFolder);
    return id;
  }

  private async readData(dataId: string): Promise<ContentData> {
    try {
      return JSON.parse(await this.client.download(dataId)) as ContentData;
    } catch (error) {
      if (error instanceof DriveApiError && error.status === 404) return {};
      if (error instanceof SyntaxError) return {};
      throw error;
    }
  }

  // Remembers which item a Drive file holds.
  private learn(file: DriveFile): void {
    const props = file.appProperties ?? {};
    const id = props[PROP.id];
    if (!id || props[PROP.workspace] !== this.root) return;
    const kind = props[PROP.kind];
    if (kind !== 'md' && kind !== 'folder' && kind !== 'json') return;
    this.driveIds.set(id, file.id);
    this.itemIds.set(file.id, kind === 'md' ? [id, `${id}/content`] : [id]);
    if (kind === 'folder' && !file.trashed) {
      this.folderItems.set(file.id, id);
      this.otherFolders.delete(file.id);
    }
  }
}

function contentSyncData(file: DriveFile, fileId: string, hash: string): SyncData {
  return {
    id: file.id,
    itemId: `${fileId}/content`,
    type: 'content',
    hash,
    ...(file.md5Checksum ? { rev: file.md5Checksum } : {}),
  };
}

const fileIdOf = (contentId: string) => contentId.replace(/\/content$/, '');

// A value inside single quotes of Drive's q.
const escapeQ = (value: string) => value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function splitList(rest: string): [string, string | undefined] {
  const bar = rest.indexOf('|');
  return bar < 0 ? [rest, undefined] : [rest.slice(0, bar), rest.slice(bar + 1) || undefined];
}

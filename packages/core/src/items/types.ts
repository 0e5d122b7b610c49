// The entities of spec core §3. Every stored object is an item with an id, a type and a hash of
// its content; the hash changes exactly when the content does.

/** The item types of the local database's objects store. */
export type ItemType =
  | 'file'
  | 'folder'
  | 'content'
  | 'contentState'
  | 'syncedContent'
  | 'syncLocation'
  | 'publishLocation'
  | 'data';

/** Special parent ids: the trash and the temp area. `null` is the root. */
export type SpecialParentId = 'trash' | 'temp';

/** What every stored item has. `hash` is the strong content hash of the rest (see `hashItem`). */
export interface BaseItem {
  id: string;
  type: ItemType;
  hash: string;
}

/** A markdown document's place in the tree. Its text lives in the `{id}/content` item. */
export interface FileItem extends BaseItem {
  type: 'file';
  name: string;
  parentId: string | null;
  /** When the file was moved to the trash (ms since the epoch); absent outside the trash. The
   * trash purge deletes it TRASH_CLEANING_DELAY later. */
  trashedAt?: number;
}

/** A folder of the tree. */
export interface FolderItem extends BaseItem {
  type: 'folder';
  name: string;
  parentId: string | null;
}

/** A discussion attached to a text range (interface §3). */
export interface Discussion {
  text: string;
  start: number;
  end: number;
}

/** A comment in a discussion (interface §3). */
export interface Comment {
  discussionId: string;
  sub: string;
  text: string;
  created: number;
}

/** A file's text and metadata; id is `{fileId}/content`. */
export interface ContentItem extends BaseItem {
  type: 'content';
  text: string;
  /** The file properties as YAML text. */
  properties: string;
  discussions: Record<string, Discussion>;
  comments: Record<string, Comment>;
  /** Hashes of earlier versions, newest first. */
  history: string[];
}

/** Where the editor was scrolled: the character offset of the first visible line and the pixels
 * above it that were scrolled out of view. */
export interface ScrollPosition {
  pos: number;
  offset: number;
}

/** A file's selection and scroll position; id is `{fileId}/contentState`. */
export interface ContentStateItem extends BaseItem {
  type: 'contentState';
  selectionStart: number;
  selectionEnd: number;
  scrollPosition: ScrollPosition | null;
}

/** The three hashes kept per sync location: latest synced, previous, last unsynced. */
export type SyncHistoryEntry = [string | null, string | null, string | null];

/** What was last synced of a file; id is `{fileId}/syncedContent`. */
export interface SyncedContentItem extends BaseItem {
  type: 'syncedContent';
  syncHistory: Record<string, SyncHistoryEntry>;
  historyData: Record<string, ContentSnapshot>;
  v: 1;
}

/** The parts of a content item that are synced and merged. */
export interface ContentSnapshot {
  text: string;
  properties: string;
  discussions: Record<string, Discussion>;
  comments: Record<string, Comment>;
}

/** Where a file is synced or published; provider-specific fields come on top. */
export interface LocationItem extends BaseItem {
  type: 'syncLocation' | 'publishLocation';
  fileId: string;
  providerId: string;
  [providerField: string]: unknown;
}

/** Ids of the data items (spec core §3). */
export type DataItemId =
  | 'workspaces'
  | 'settings'
  | 'layoutSettings'
  | 'tokens'
  | 'badgeCreations'
  | 'serverConf'
  | 'localSettings'
  | 'templates'
  | 'lastOpened'
  | 'syncState'
  /** The account (sub) the workspace's sync state belongs to (the app's main workspace). */
  | 'syncAccount';

/** A data item: a named bag of settings or state. */
export interface DataItem<T = unknown> extends BaseItem {
  type: 'data';
  id: DataItemId;
  data: T;
}

/** Any item of the objects store. */
export type Item =
  | FileItem
  | FolderItem
  | ContentItem
  | ContentStateItem
  | SyncedContentItem
  | LocationItem
  | DataItem;

/** An item before its hash is computed. */
export type Unhashed<T extends BaseItem> = Omit<T, 'hash'>;

/** An image waiting in, or uploaded from, the images store. */
export interface ImageItem {
  id: string;
  path: string;
  /** The image bytes, base64. */
  content: string;
  uploaded: boolean;
  sha?: string;
}

/** A workspace (interface §3). `autoSync` undefined counts as on. */
export interface Workspace {
  id: string;
  name: string;
  providerId: string;
  autoSync?: boolean;
  [providerField: string]: unknown;
}

/** The layout settings of interface §3, with their defaults in `defaultLayoutSettings`. */
export interface LayoutSettings {
  showNavigationBar: boolean;
  showEditor: boolean;
  showSidePreview: boolean;
  showStatusBar: boolean;
  showSideBar: boolean;
  showExplorer: boolean;
  focusMode: boolean;
  findCaseSensitive: boolean;
  findUseRegexp: boolean;
  scrollSync: boolean;
  sideBarPanel: string;
  welcomeTourFinished: boolean;
}

/** Recently opened files, newest first (at most 20). */
export interface LastOpened {
  fileIds: string[];
}

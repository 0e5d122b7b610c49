/** The provider id of a workspace in a Drive folder (spec providers §3). */
export const GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID = 'googleDriveWorkspace';
/** The provider id of the main workspace of a Google sign-in, kept in Drive's hidden
 * application data folder (ADR 0007). */
export const GOOGLE_DRIVE_APP_DATA_PROVIDER_ID = 'googleDriveAppData';
/** The provider ids of the Drive file locations. */
export const GOOGLE_DRIVE_SYNC_PROVIDER_ID = 'googleDrive';
export const GOOGLE_DRIVE_PUBLISH_PROVIDER_ID = 'googleDrive';
/** Drive's alias of the application data folder. */
export const APP_DATA_FOLDER = 'appDataFolder';
/** The workspace's own data folder and its trash, in the workspace folder. */
export const DRIVE_DATA_FOLDER = '.inkstone-data';
export const DRIVE_TRASH_FOLDER = '.inkstone-trash';
/** The name the Drive service shows for errors (spec providers §8). */
export const GOOGLE_DRIVE_NAME = 'Google Drive';

/** 'Folder {id} is not accessible. Make sure you have the right permissions.' */
export const folderNotAccessible = (id: string) =>
  `Folder ${id} is not accessible. Make sure you have the right permissions.`;
/** 'Folder {id} is part of another workspace.' */
export const folderOfAnotherWorkspace = (id: string) =>
  `Folder ${id} is part of another workspace.`;

/** The appProperties keys Inkstone writes on the Drive files of a workspace (each key and
 * value together stay under Drive's 124 bytes). */
export const PROP = {
  /** The workspace's root folder id ('appDataFolder' for the app data workspace). */
  workspace: 'inkWs',
  /** What the Drive file is: 'root', 'dataFolder', 'trashFolder', 'md', 'folder', 'json',
   * 'data' (a file's properties, discussions and comments). */
  kind: 'inkKind',
  /** The item id (a file's id for its markdown file). */
  id: 'inkId',
  /** The parent item id ('' for the root). */
  parent: 'inkParent',
  /** The Drive folder Inkstone put the file or folder in: another parent in Drive means the
   * user moved it there. */
  driveParent: 'inkDriveParent',
  /** '1' while the file or folder item is in the workspace, '0' once removed. */
  item: 'inkItem',
  /** The content item's (or JSON item's) hash; '' once removed. */
  hash: 'inkHash',
  /** The MD5 of the text Inkstone wrote: another value in Drive's md5Checksum means the
   * text was changed elsewhere. */
  md5: 'inkMd5',
  /** The Drive id of the file's data file in `.inkstone-data`. */
  data: 'inkData',
  /** A trashed file's trashedAt. */
  trashedAt: 'inkTrashedAt',
  /** On the root folder: the data and trash folders' ids. */
  dataFolder: 'inkDataFolder',
  trashFolder: 'inkTrashFolder',
} as const;

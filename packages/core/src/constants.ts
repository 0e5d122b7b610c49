// Business constants of spec core §9, named as the spec names them.

/** Maximum length of a file's text, in characters (UTF-16 code units), its final newline
 * included. Spec core §9 says 250,000; Inkstone holds ten million and never cuts a text
 * silently: the editor refuses a change past it, an import splits a longer text into parts
 * (docs/adr/0006-long-texts.md). */
export const MAX_TEXT_LENGTH = 10_000_000;
/** Maximum length of a file or folder name, in characters. */
export const MAX_NAME_LENGTH = 250;
/** Name given to an item whose name is empty. */
export const DEFAULT_NAME = 'Untitled';
/** Name of the file created on first start. */
export const WELCOME_FILE_NAME = 'Welcome file';
/** Trashed files are purged after this delay (7 days) when there is no sync token. */
export const TRASH_CLEANING_DELAY = 604_800_000;
/** The user counts as active with input within this delay (and the window focused). */
export const USER_ACTIVE_DELAY = 180_000;
/** Minimum gap between the last sync activity and a new sync. */
export const SYNC_MIN_GAP_AFTER_ACTIVITY = 3_000;
/** Default and minimum of the autoSyncEvery setting. */
export const AUTO_SYNC_EVERY_DEFAULT = 90_000;
export const AUTO_SYNC_EVERY_MIN = 60_000;
/** History entries carried by an upload. */
export const MAX_HISTORY_ENTRIES = 20;
/** Length of generated ids (base62). */
export const ID_LENGTH = 16;
/** Local database schema version: the spec's 3, plus one for the local revisions' stores
 * (ours, docs/how-to/history.md). */
export const DB_VERSION = 4;
/** Local database name; non-main workspaces add a suffix. */
export const DB_NAME = 'inkstone-db';
/** Name of the hidden data folder of git workspaces. */
export const DATA_FOLDER_NAME = '.inkstone-data';
/** Name of the hidden trash folder of git workspaces. */
export const TRASH_FOLDER_NAME = '.inkstone-trash';
/** A cross-tab transaction counter jump beyond this forces a reload. */
export const CROSS_TAB_RELOAD_JUMP = 1000;
/** Debounces of spec core §9, in milliseconds. */
export const PREVIEW_DEBOUNCE = 25;
export const SIZE_MEASUREMENT_DEBOUNCE = 500;
export const CONTENT_STATE_SAVE_DEBOUNCE = 100;
/** The main workspace. */
export const MAIN_WORKSPACE_ID = 'main';
export const MAIN_WORKSPACE_NAME = 'Main workspace';
/** Number of recently opened files kept. */
export const RECENT_FILES_MAX = 20;
/** Former name of the data folder, still refused as a folder name for compatibility. */
export const LEGACY_DATA_FOLDER_NAME = '.stackedit-data';
/** Former name of the trash folder, still refused as a folder name for compatibility. */
export const LEGACY_TRASH_FOLDER_NAME = '.stackedit-trash';
/** Extension that ends a file's path (spec core §3: files map to '{path}.md'). */
export const FILE_EXTENSION = '.md';
/** Extension of a sync location's entry in git storage (spec core §3). */
export const SYNC_LOCATION_EXTENSION = '.sync';
/** Extension of a publish location's entry in git storage (spec core §3). */
export const PUBLISH_LOCATION_EXTENSION = '.publish';
/** The error of an imported file that does not decode as text (spec interface §5, §8). */
export const FILE_NOT_READABLE = 'File is not readable.';
/** Search stops collecting after this many matching files (spec interface §9). */
export const SEARCH_RESULTS_MAX = 50;

/** Pending images are uploaded one at a time, this far apart (spec core §4 rule 2, §9). */
export const PENDING_IMAGE_UPLOAD_GAP = 500;

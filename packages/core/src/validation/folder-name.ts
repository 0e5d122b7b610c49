// Spec core §5: "A folder name equal to the data or trash folder name, or ending in .md, .sync or
// .publish, is rejected: the unauthorizedName dialog opens and the error 'Unauthorized name.' is
// raised." Such folders would clash with git storage: data items live in the data folder, files
// map to '{path}.md' and locations to '….sync' and '….publish' (spec core §3).

import {
  DATA_FOLDER_NAME,
  FILE_EXTENSION,
  LEGACY_DATA_FOLDER_NAME,
  LEGACY_TRASH_FOLDER_NAME,
  PUBLISH_LOCATION_EXTENSION,
  SYNC_LOCATION_EXTENSION,
  TRASH_FOLDER_NAME,
} from '../constants.js';

/** The message of {@link UnauthorizedNameError}, the spec's text (core §8). */
export const UNAUTHORIZED_NAME_MESSAGE = 'Unauthorized name.';

/** Folder names refused exactly: the data and trash folders, current and former names. */
export const RESERVED_FOLDER_NAMES: readonly string[] = [
  DATA_FOLDER_NAME,
  TRASH_FOLDER_NAME,
  LEGACY_DATA_FOLDER_NAME,
  LEGACY_TRASH_FOLDER_NAME,
];

/** Endings refused in folder names: those of file and location entries in git storage. */
export const RESERVED_FOLDER_NAME_ENDINGS: readonly string[] = [
  FILE_EXTENSION,
  SYNC_LOCATION_EXTENSION,
  PUBLISH_LOCATION_EXTENSION,
];

/** Raised when a folder would get a forbidden name; its message is 'Unauthorized name.'. */
export class UnauthorizedNameError extends Error {
  override readonly name = 'UnauthorizedNameError';

  /** @param folderName The name that was refused. */
  constructor(readonly folderName: string) {
    super(UNAUTHORIZED_NAME_MESSAGE);
  }
}

/**
 * Whether a folder may have this name. Pass the name as it will be stored (sanitised). The test
 * is exact and case-sensitive, as paths are: '.Inkstone-data' and 'Notes.MD' are allowed.
 */
export function isFolderNameAllowed(name: string): boolean {
  return (
    !RESERVED_FOLDER_NAMES.includes(name) &&
    !RESERVED_FOLDER_NAME_ENDINGS.some((ending) => name.endsWith(ending))
  );
}

/** Throws {@link UnauthorizedNameError} unless {@link isFolderNameAllowed} accepts the name. */
export function assertFolderNameAllowed(name: string): void {
  if (!isFolderNameAllowed(name)) throw new UnauthorizedNameError(name);
}

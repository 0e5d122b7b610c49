import { DriveFieldError, type DriveLocationFields } from './drive-params.js';
import { DRIVE_FOLDER_MIME, DriveApiError, type DriveClient } from './drive-client.js';
import { folderNotAccessible, GOOGLE_DRIVE_SYNC_PROVIDER_ID } from './constants.js';

/** The fields of a Drive file location (spec providers §3, `DriveLocationFields`: the Drive
 * file, once there is one, and the folder a new one is made in, the drive's root when empty),
 * with the Google account (`sub`) the location is synced or published with. */
export interface DriveFileFields extends DriveLocationFields {
  sub?: string;
}

/** What the Drive sync and publish dialogs hold (Folder ID, Existing file ID). */
export interface DriveFileForm {
  folderId?: string;
  fileId?: string;
}

/** 'File {id} is not accessible. Make sure you have the right permissions.' (the folder's
 * message of the spec, said of a file). */
export const fileNotAccessible = (id: string) =>
  `File ${id} is not accessible. Make sure you have the right permissions.`;

/** The location fields of a dialog's values: ids trimmed, empty ones left out. */
export function readDriveFileForm(form: DriveFileForm): DriveFileFields {
  const folderId = form.folderId?.trim() ?? '';
  const fileId = form.fileId?.trim() ?? '';
  return {
    ...(fileId ? { driveFileId: fileId } : {}),
    ...(folderId ? { driveParentId: folderId } : {}),
  };
}

/**
 * Checks a dialog's ids with Drive before the location is added: the folder must be a folder
 * the account reaches ('Folder {id} is not accessible. Make sure you have the right
 * permissions.'), the existing file a file it reaches. Throws {@link DriveFieldError}
 * naming the field at fault.
 */
export async function checkDriveFileFields(
  client: DriveClient,
  fields: DriveFileFields,
): Promise<void> {
  if (fields.driveParentId) {
    const folder = await reachable(client, fields.driveParentId);
    if (!folder || folder.mimeType !== DRIVE_FOLDER_MIME) {
      throw new DriveFieldError('folderId', folderNotAccessible(fields.driveParentId));
    }
  }
  if (fields.driveFileId) {
    const file = await reachable(client, fields.driveFileId);
    if (!file || file.mimeType === DRIVE_FOLDER_MIME) {
      throw new DriveFieldError('fileId', fileNotAccessible(fields.driveFileId));
    }
  }
}

async function reachable(client: DriveClient, id: string) {
  try {
    const file = await client.getFile(id, 'id,mimeType,trashed');
    return file.trashed ? undefined : file;
  } catch (error) {
    if (error instanceof DriveApiError && (error.status === 404 || error.status === 403)) {
      return undefined;
    }
    throw error;
  }
}

/** Whether a location item is a Drive file location. */
export function isDriveFileLocation(location: {
  providerId: string;
}): location is { providerId: string } & DriveFileFields {
  return location.providerId === GOOGLE_DRIVE_SYNC_PROVIDER_ID;
}

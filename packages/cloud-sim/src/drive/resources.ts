import type { DriveChange, DriveFile, DriveRevision, UserDrive } from './store.js';
import { FOLDER_MIME } from './store.js';

/** A file as Drive v3's File resource (every field the stand-in keeps). */
export function fileResource(file: DriveFile) {
  const head = file.revisions.at(-1);
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    ...(file.description !== undefined ? { description: file.description } : {}),
    parents: file.parents,
    ...(Object.keys(file.appProperties).length > 0 ? { appProperties: file.appProperties } : {}),
    ...(Object.keys(file.properties).length > 0 ? { properties: file.properties } : {}),
    spaces: [file.space],
    trashed: file.trashed,
    explicitlyTrashed: file.explicitlyTrashed,
    ...(file.trashedTime ? { trashedTime: file.trashedTime } : {}),
    createdTime: file.createdTime,
    modifiedTime: file.modifiedTime,
    version: String(file.version),
    ownedByMe: true,
    ...(head && file.mimeType !== FOLDER_MIME
      ? {
          headRevisionId: head.id,
          md5Checksum: head.md5Checksum,
          size: String(head.content.length),
          originalFilename: head.originalFilename,
        }
      : {}),
  };
}

/** Drive's default answer for a file without `fields`: kind, id, name, mimeType. */
export const FILE_DEFAULT = 'kind,id,name,mimeType';

/** A change as Drive v3's Change resource. */
export function changeResource(change: DriveChange, drive: UserDrive) {
  const file = drive.files.get(change.fileId);
  return {
    kind: 'drive#change',
    changeType: 'file',
    time: change.time,
    removed: change.removed || !file,
    fileId: change.fileId,
    ...(file && !change.removed ? { file: fileResource(file) } : {}),
  };
}

/** Who a user is, as Drive's User resource (`lastModifyingUser`). */
export interface DriveUser {
  id: string;
  name: string;
  email: string;
  picture: string;
}

/** Drive's User resource of `user` as `viewer` sees it. */
export const userResource = (user: DriveUser, viewerId: string) => ({
  kind: 'drive#user',
  displayName: user.name,
  emailAddress: user.email,
  permissionId: user.id,
  photoLink: user.picture,
  me: user.id === viewerId,
});

/** A revision as Drive v3's Revision resource. */
export function revisionResource(
  revision: DriveRevision,
  modifiedBy?: ReturnType<typeof userResource>,
) {
  return {
    ...(modifiedBy ? { lastModifyingUser: modifiedBy } : {}),
    kind: 'drive#revision',
    id: revision.id,
    mimeType: revision.mimeType,
    modifiedTime: revision.modifiedTime,
    keepForever: revision.keepForever,
    md5Checksum: revision.md5Checksum,
    size: String(revision.content.length),
    originalFilename: revision.originalFilename,
  };
}

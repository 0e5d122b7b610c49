import {
  addPublishLocation,
  checkDriveFileFields,
  type DriveFileFields,
  type DriveState,
  GOOGLE_DRIVE_PUBLISH_PROVIDER_ID,
  GOOGLE_DRIVE_SYNC_PROVIDER_ID,
  type ItemRepository,
  type LocationItem,
  incomingFile,
  newFileItems,
  withHash,
} from '@inkstone/core';
import { type DriveHandlers } from './drive-handlers';
import {
  driveClientFor,
  type DriveLocationContext,
  driveLocationContext,
} from './drive-location-providers';

/** The service's name in messages. */
const GOOGLE_DRIVE_NAME = 'Google Drive';
/** Spec providers §8: a file opened from Google Drive. */
export const importedFromDrive = (name: string) =>
  `${name} was imported from ${GOOGLE_DRIVE_NAME}.`;
/** Spec providers §8: a file that could not be opened. */
export const couldNotOpenDriveFile = (id: string) => `Could not open file ${id}.`;

/** What the Drive location handlers work on: the workspace's database (the sync one, whose
 * writes the workspace sync sends), its ids, and the sync of one file's locations (the app's
 * `syncGithubLocations`, which syncs Drive locations with the others). */
export interface DriveLocationServices {
  repository: ItemRepository;
  newId(): string;
  syncFile(fileId: string): Promise<void>;
  context?: DriveLocationContext;
}

const synchronizedAt = () => `Synchronized at ${new Date().toLocaleTimeString()}.`;

function contextOf(services: DriveLocationServices): DriveLocationContext {
  const ctx = services.context ?? driveLocationContext();
  if (!ctx) throw new Error('Google Drive is not available yet.');
  return ctx;
}

// A Drive file's name without its extension, as a new local file's name.
const baseName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * Opens the Drive file `driveFileId` of account `sub` as a new local file with its sync location
 * (spec providers §4 "Opening a file"): the local file already opened from it is given back as it
 * is; else the file is read (its name without extension names the new file), the location added
 * and synced once so both sides share that version. "Could not open file {id}." when Drive does
 * not give it.
 */
export async function openDriveLocationFile(
  services: DriveLocationServices,
  sub: string,
  driveFileId: string,
): Promise<{ fileId: string; name: string; existing: boolean }> {
  const { repository, newId } = services;
  const same = ((await repository.getAll('syncLocation')) as LocationItem[]).find(
    (location) =>
      location.providerId === GOOGLE_DRIVE_SYNC_PROVIDER_ID &&
      (location as LocationItem & DriveFileFields).driveFileId === driveFileId,
  );
  if (same) {
    const file = await repository.get<{ name: string; parentId: string | null } & LocationItem>(
      same.fileId,
    );
    if (file && file.parentId !== 'trash') {
      return { fileId: same.fileId, name: file.name, existing: true };
    }
  }
  const client = await driveClientFor(contextOf(services), sub);
  let name: string;
  let text: string;
  try {
    const found = await client.getFile(driveFileId, 'id,name,mimeType,trashed');
    if (found.trashed || found.mimeType === 'application/vnd.google-apps.folder') {
      throw new Error('Not a file');
    }
    name = baseName(found.name ?? driveFileId);
    text = await client.download(driveFileId);
  } catch (error) {
    console.error(error);
    throw new Error(couldNotOpenDriveFile(driveFileId));
  }
  const [file, content, state] = newFileItems(newId, { name, ...incomingFile(text) });
  const location = withHash<LocationItem>({
    id: newId(),
    type: 'syncLocation',
    fileId: file.id,
    providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
    driveFileId,
    sub,
  });
  await repository.put([file, content, state, location]);
  await services.syncFile(file.id);
  return { fileId: file.id, name: file.name, existing: false };
}

/**
 * The Drive handlers of the file dialogs (sync, open, publish), through core's Drive file
 * providers: the fields are checked with Drive first (a folder or file the account cannot reach
 * is said in the spec's words, and nothing is added), then the location is added and synced, or
 * added for publishing.
 */
export function driveLocationHandlers(
  services: DriveLocationServices,
): Pick<DriveHandlers, 'addSyncLocation' | 'openFile' | 'addPublishLocation'> {
  return {
    async addSyncLocation(fileId, request) {
      const client = await driveClientFor(contextOf(services), request.sub);
      await checkDriveFileFields(client, request.fields);
      const location = withHash<LocationItem>({
        ...request.fields,
        id: services.newId(),
        type: 'syncLocation',
        fileId,
        providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
        sub: request.sub,
      });
      await services.repository.put([location]);
      await services.syncFile(fileId);
      return synchronizedAt();
    },
    async openFile(request) {
      return (await openDriveLocationFile(services, request.sub, request.fileId)).fileId;
    },
    async addPublishLocation(fileId, request) {
      const client = await driveClientFor(contextOf(services), request.sub);
      const { format, templateId, ...fields } = request.fields;
      await checkDriveFileFields(client, fields);
      const { message } = await addPublishLocation(
        services.repository,
        fileId,
        {
          providerId: GOOGLE_DRIVE_PUBLISH_PROVIDER_ID,
          // Markdown is published as the file's text (the template that gives it as it is).
          templateId: format === 'html' ? (templateId ?? 'styledHtml') : 'plainText',
          fields: { ...fields, format, sub: request.sub },
        },
        services.newId,
      );
      return message;
    },
  };
}

/**
 * What Drive's "Open with" / "New" asked at start (the `state` parameter kept by
 * `takeDriveStartState()`): action open imports each id as a file with its sync location; action
 * create makes a new file synced into `folderId`. Done with account `sub` (the state's userId
 * when linked, else the first Drive account). Gives the local files' ids, the first to open.
 */
export async function runDriveStartState(
  services: DriveLocationServices,
  state: DriveState,
  sub: string,
): Promise<string[]> {
  if (state.action === 'open') {
    const opened: string[] = [];
    for (const id of state.ids) {
      opened.push((await openDriveLocationFile(services, sub, id)).fileId);
    }
    return opened;
  }
  const client = await driveClientFor(contextOf(services), sub);
  await checkDriveFileFields(client, { driveParentId: state.folderId });
  const [file, content, contentState] = newFileItems(services.newId, {});
  const location = withHash<LocationItem>({
    id: services.newId(),
    type: 'syncLocation',
    fileId: file.id,
    providerId: GOOGLE_DRIVE_SYNC_PROVIDER_ID,
    driveParentId: state.folderId,
    sub,
  });
  await services.repository.put([file, content, contentState, location]);
  await services.syncFile(file.id);
  return [file.id];
}

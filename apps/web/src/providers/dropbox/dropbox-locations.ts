import {
  addPublishLocation,
  createDropboxFileProvider,
  createDropboxPublisher,
  DROPBOX_NAME,
  DROPBOX_PUBLISH_PROVIDER_ID,
  DROPBOX_SYNC_PROVIDER_ID,
  DropboxApiError,
  DropboxClient,
  type FileLocationProvider,
  type HttpClient,
  type ItemRepository,
  type LocationItem,
  incomingFile,
  newFileItems,
  type Publisher,
  withHash,
} from '@inkstone/core';
import { browserHttpClient } from '../../services/browser-http';
import {
  locationSub,
  perAccountLocationProvider,
  perAccountPublisher,
} from '../per-account-locations';
import { type DropboxAccounts } from './dropbox-accounts';
import { dropboxEndpoints } from './dropbox-conf';
import { type DropboxLocationRequest } from './dropbox-dialog-types';
import { DROPBOX_RESTRICTED_FOLDER } from './dropbox-paths';

/** Spec providers §8: a file opened from Dropbox. */
/** Said when Dropbox is asked for before it started (it starts after the first screen). */
export const DROPBOX_NOT_READY = 'Dropbox is not available yet.';

export const importedFromDropbox = (name: string) => `${name} was imported from ${DROPBOX_NAME}.`;
/** Spec providers §8: a file that could not be opened. */
export const couldNotOpenDropboxFile = (path: string) => `Could not open file ${path}.`;
/** Said when a Dropbox location names an account no longer linked in this browser. */
export const dropboxAccountMissing = (sub: string) =>
  `The Dropbox account of this location (${sub}) is not linked in this browser. Link it again in Manage external accounts.`;

/** Where the Dropbox locations reach Dropbox: `/conf`'s dropboxUrl (empty: Dropbox itself), the
 * HTTP port (its retries and time limit on every request) and the accounts. Registered at
 * start; tests give their own over cloud-sim. */
export interface DropboxLocationContext {
  dropboxUrl(): string;
  accounts: Pick<DropboxAccounts, 'list' | 'fresh'>;
  http?: HttpClient;
}

let context: DropboxLocationContext | undefined;

/** Registers where the Dropbox locations reach Dropbox (the app at start, a test its own). */
export function registerDropboxLocationContext(value: DropboxLocationContext | undefined): void {
  context = value;
}

/** The registered context; undefined while Dropbox is not wired. */
export function dropboxLocationContext(): DropboxLocationContext | undefined {
  return context;
}

/** A Dropbox client for the linked account `sub`. */
export async function dropboxClientFor(
  ctx: DropboxLocationContext,
  sub: string,
): Promise<DropboxClient> {
  const linked = (await ctx.accounts.list()).some((token) => token.sub === sub);
  if (!linked) throw new Error(dropboxAccountMissing(sub));
  const { api, content } = dropboxEndpoints(ctx.dropboxUrl());
  return new DropboxClient({
    http: ctx.http ?? browserHttpClient(),
    endpoints: { api, content },
    token: ctx.accounts.fresh,
    sub,
  });
}

/** The sync provider of Dropbox file locations, each location synced with its own account (for
 * `syncFileLocations`); none while Dropbox is not wired. */
export function dropboxLocationProviders(
  repository: ItemRepository,
  ctx: DropboxLocationContext | undefined = context,
): Record<string, FileLocationProvider> {
  if (!ctx) return {};
  return {
    [DROPBOX_SYNC_PROVIDER_ID]: perAccountLocationProvider((sub) =>
      dropboxClientFor(ctx, sub).then((client) =>
        createDropboxFileProvider({ client, repository }),
      ),
    ),
  };
}

/** The publisher of Dropbox publish locations, each with its own account; none while Dropbox is
 * not wired. */
export function dropboxLocationPublishers(
  ctx: DropboxLocationContext | undefined = context,
): Record<string, Publisher> {
  if (!ctx) return {};
  return {
    [DROPBOX_PUBLISH_PROVIDER_ID]: perAccountPublisher(async (sub) =>
      createDropboxPublisher(await dropboxClientFor(ctx, sub)),
    ),
  };
}

/** How a Dropbox location is listed: the path as the account's Dropbox shows it. */
export function describeDropboxLocation(
  location: LocationItem,
  fullAccessOf: (sub: string) => boolean | undefined = () => undefined,
): { description: string } | undefined {
  if (location.providerId !== DROPBOX_SYNC_PROVIDER_ID || typeof location.path !== 'string') {
    return undefined;
  }
  const restricted = fullAccessOf(locationSub(location)) === false;
  return {
    description: `Dropbox ${restricted ? DROPBOX_RESTRICTED_FOLDER : ''}${location.path}`,
  };
}

/** What the Dropbox handlers work on: the workspace's sync database, its ids, and the sync of
 * one file's locations (Dropbox's among them). */
export interface DropboxLocationServices {
  repository: ItemRepository;
  newId(): string;
  syncFile(fileId: string): Promise<void>;
  context?: DropboxLocationContext;
}

function contextOf(services: DropboxLocationServices): DropboxLocationContext {
  const ctx = services.context ?? context;
  if (!ctx) throw new Error(DROPBOX_NOT_READY);
  return ctx;
}

const synchronizedAt = () => `Synchronized at ${new Date().toLocaleTimeString()}.`;

// A Dropbox file's name without folder and extension, as a new local file's name.
const baseName = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * The Dropbox dialogs' handlers. Sync: the location (path, account) is added and the file's
 * locations synced, which makes the Dropbox file, or merges with the one already there. Open:
 * the file at the path is read into a new local file with its sync location (the one already
 * opened from it is given back); 'Could not open file {path}.' when Dropbox does not give it;
 * an expired account is said as such. Publish: the location is added (path, template), the
 * panel then publishes it.
 */
export function dropboxLocationHandlers(services: DropboxLocationServices) {
  return {
    async addSyncLocation(fileId: string, request: DropboxLocationRequest): Promise<string> {
      await dropboxClientFor(contextOf(services), request.sub);
      const location = withHash<LocationItem>({
        id: services.newId(),
        type: 'syncLocation',
        fileId,
        providerId: DROPBOX_SYNC_PROVIDER_ID,
        path: request.path,
        sub: request.sub,
      });
      await services.repository.put([location]);
      await services.syncFile(fileId);
      return synchronizedAt();
    },

    async openFile(request: DropboxLocationRequest): Promise<{ fileId: string; notice: string }> {
      const { repository, newId } = services;
      const client = await dropboxClientFor(contextOf(services), request.sub);
      let found;
      try {
        found = await client.download(request.path);
      } catch (error) {
        // Dropbox refusing the path (not found, a folder, a bad path): the spec's words; an
        // expired account, a 5xx or no answer: said as they are.
        if (error instanceof DropboxApiError && (error.status === 409 || error.status === 400)) {
          console.error(error);
          throw new Error(couldNotOpenDropboxFile(request.path));
        }
        throw error;
      }
      const same = ((await repository.getAll('syncLocation')) as LocationItem[]).find(
        (location) =>
          location.providerId === DROPBOX_SYNC_PROVIDER_ID &&
          location.sub === request.sub &&
          location.dropboxFileId === found.file.id,
      );
      if (same) {
        const file = await repository.get<LocationItem & { name: string; parentId: string }>(
          same.fileId,
        );
        if (file && file.parentId !== 'trash') {
          return { fileId: same.fileId, notice: importedFromDropbox(file.name) };
        }
      }
      const [file, content, state] = newFileItems(newId, {
        name: baseName(found.file.path_display ?? request.path),
        ...incomingFile(found.text),
      });
      const location = withHash<LocationItem>({
        id: newId(),
        type: 'syncLocation',
        fileId: file.id,
        providerId: DROPBOX_SYNC_PROVIDER_ID,
        path: found.file.path_display ?? request.path,
        dropboxFileId: found.file.id,
        sub: request.sub,
      });
      await repository.put([file, content, state, location]);
      await services.syncFile(file.id);
      return { fileId: file.id, notice: importedFromDropbox(file.name) };
    },

    async addPublishLocation(fileId: string, request: DropboxLocationRequest): Promise<string> {
      await dropboxClientFor(contextOf(services), request.sub);
      const { message } = await addPublishLocation(
        services.repository,
        fileId,
        {
          providerId: DROPBOX_PUBLISH_PROVIDER_ID,
          templateId: request.templateId ?? 'styledHtml',
          fields: { path: request.path, sub: request.sub },
        },
        services.newId,
      );
      return message;
    },
  };
}

export type DropboxHandlers = ReturnType<typeof dropboxLocationHandlers>;

let handlers: DropboxHandlers | undefined;

/** Registers the Dropbox handlers (at start, once Dropbox is wired; `undefined` removes them).
 * Until then the panels show no Dropbox entry. */
export function registerDropboxHandlers(value: DropboxHandlers | undefined): void {
  handlers = value;
}

/** The Dropbox handlers, or undefined while Dropbox is not wired. */
export function dropboxHandlers(): DropboxHandlers | undefined {
  return handlers;
}

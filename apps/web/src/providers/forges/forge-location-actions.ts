import { addPublishLocation, FORGE_NAMES, GITEE_PROVIDER_IDS } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { type AppStore } from '../../store';
import { locationForgeAccounts } from './forge-location-account';
import {
  addForgeSyncLocation,
  FORGE_FILE_PROVIDER_IDS,
  importedFrom,
  locationFields,
  openFromForge,
} from './forge-locations';

/** A kind of forge location the panels offer: a repository file of a forge, or a Gitee gist. */
export type ForgeLocationKind = 'gitlab' | 'gitea' | 'gitee' | 'giteeGist';

/** The buttons' names of each kind (spec providers §2): "Add a GitLab location", … */
export const FORGE_LOCATION_KINDS: readonly {
  kind: ForgeLocationKind;
  name: string;
}[] = [
  { kind: 'gitlab', name: FORGE_NAMES.gitlab },
  { kind: 'gitea', name: FORGE_NAMES.gitea },
  { kind: 'gitee', name: FORGE_NAMES.gitee },
  { kind: 'giteeGist', name: `${FORGE_NAMES.gitee} gist` },
];

const forgeOf = (kind: ForgeLocationKind) => (kind === 'giteeGist' ? 'gitee' : kind);

// A cancelled dialog is no failure: nothing is added.
const orUndefined = <T>(promise: Promise<T>): Promise<T | undefined> =>
  promise.catch((error: unknown) => {
    if (isCancelled(error)) return undefined;
    throw error;
  });

/**
 * Asks for a location of `kind` (an account linked first when there is none; then the forge's
 * dialog, with the account's choice when several) and gives its provider id, account and
 * location fields (spec providers §3, the project's id read from the forge). Undefined when the
 * user cancelled.
 */
export async function askForgeLocation(
  services: AppServices,
  store: AppStore,
  kind: ForgeLocationKind,
  purpose: 'sync' | 'publish',
  templates?: { id: string; name: string }[],
): Promise<
  | { providerId: string; sub: string; fields: Record<string, unknown>; templateId?: string }
  | undefined
> {
  const forge = forgeOf(kind);
  const accounts = await orUndefined(locationForgeAccounts(services, store, forge));
  if (!accounts?.[0]) return undefined;
  if (kind === 'giteeGist') {
    // The gist dialog is GitHub's: the first Gitee account writes the gist.
    const request = await orUndefined(
      services.modals.open('gistLocation', { purpose, templates, gistForge: FORGE_NAMES.gitee }),
    );
    if (!request) return undefined;
    return {
      providerId: GITEE_PROVIDER_IDS.gist,
      sub: accounts[0].sub,
      fields: { ...request.fields },
      templateId: request.templateId,
    };
  }
  const request = await orUndefined(
    services.modals.open('forgeFileLocation', { purpose, templates, forge: kind, accounts }),
  );
  if (!request) return undefined;
  return {
    providerId: FORGE_FILE_PROVIDER_IDS[kind],
    sub: request.sub,
    fields: await locationFields(services.forgeAccounts, request.fields, request.sub),
    templateId: request.templateId,
  };
}

/** Adds a sync location of `kind` to the file (after the dialogs); true when one was added. */
export async function addForgeSync(
  services: AppServices,
  store: AppStore,
  kind: ForgeLocationKind,
  fileId: string,
): Promise<boolean> {
  const asked = await askForgeLocation(services, store, kind, 'sync');
  if (!asked) return false;
  await addForgeSyncLocation(
    services.workspace.syncRepo,
    services.workspace.newId,
    fileId,
    asked.providerId,
    asked.sub,
    asked.fields,
  );
  return true;
}

/** Adds a publish location of `kind` to the current file; resolves to the spec's notice, or
 * undefined when cancelled. */
export async function addForgePublish(
  services: AppServices,
  store: AppStore,
  kind: ForgeLocationKind,
  templates: { id: string; name: string }[],
): Promise<string | undefined> {
  const fileId = store.getState().workspace.currentFileId;
  if (!fileId) throw new Error('No file is open.');
  const asked = await askForgeLocation(services, store, kind, 'publish', templates);
  if (!asked) return undefined;
  const { message } = await addPublishLocation(
    services.workspace.repo,
    fileId,
    {
      providerId: asked.providerId,
      templateId: asked.templateId ?? 'styledHtml',
      fields: { ...asked.fields, sub: asked.sub },
    },
    services.workspace.newId,
  );
  return message;
}

/** "Open from GitLab", "Open from Gitea", "Open from Gitee": the file is read into a new file,
 * linked and synced once, and opened; resolves to the notice to show (none when the file was
 * already opened from there, or the user cancelled). */
export async function openForgeFile(
  services: AppServices,
  store: AppStore,
  forge: 'gitlab' | 'gitea' | 'gitee',
  syncOnce: (fileId: string) => Promise<void>,
): Promise<string | undefined> {
  const accounts = await orUndefined(locationForgeAccounts(services, store, forge));
  if (!accounts?.[0]) return undefined;
  const request = await orUndefined(
    services.modals.open('forgeFileLocation', { purpose: 'open', forge, accounts }),
  );
  if (!request) return undefined;
  const opened = await openFromForge(
    services.forgeAccounts,
    services.workspace.syncRepo,
    services.workspace.newId,
    request.fields,
    request.sub,
    syncOnce,
  );
  await services.workspace.openFile(opened.fileId);
  return opened.existing ? undefined : importedFrom(opened.name, forge);
}

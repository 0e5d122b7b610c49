import { defaultPublishPath, defaultSyncPath } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { AuthorizeSuperseded } from '../../services/oauth/authorize-popup';
import { type AppDispatch, type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { type DropboxAccounts, DROPBOX_NOT_CONFIGURED } from './dropbox-accounts';
import { dropboxChooserScript } from './dropbox-chooser';
import { type DropboxAccountChoice, type DropboxDialogPurpose } from './dropbox-dialog-types';
import { type DropboxHandlers } from './dropbox-locations';
import { type DropboxToken } from './dropbox-tokens';

type Services = Pick<AppServices, 'modals' | 'workspace'>;

// The modal's cancel, as undefined.
const cancelled = (error: unknown) => {
  if (isCancelled(error)) return undefined;
  throw error;
};

/** A failure shown in its own words; a cancel, or a newer authorisation, says nothing. */
export function showDropboxError(dispatch: AppDispatch) {
  return (error: unknown) => {
    if (isCancelled(error) || error instanceof AuthorizeSuperseded) return;
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
}

/**
 * The dropboxAccount dialog, then Dropbox's authorize window from its Ok: links an account,
 * restricted to the app folder or with full access as the choice says (remembered in
 * dropboxRestrictedAccess). Rejects with the modal's cancel when the user cancels.
 */
export async function askDropboxAccount(
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
): Promise<DropboxToken> {
  const offers = { full: accounts.offers(true), restricted: accounts.offers(false) };
  if (!offers.full && !offers.restricted) throw new Error(DROPBOX_NOT_CONFIGURED);
  const { restrictedAccess } = await services.modals.open('dropboxAccount', {
    restrictedAccess: store.getState().localSettings.dropboxRestrictedAccess,
    offers,
  });
  const linked = accounts.link({ fullAccess: !restrictedAccess });
  await services.workspace.saveLocalSettings({ dropboxRestrictedAccess: restrictedAccess });
  return linked;
}

/** "Add Dropbox account" (Manage external accounts). */
export function addDropboxAccount(
  dispatch: AppDispatch,
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
): void {
  askDropboxAccount(services, store, accounts).catch(showDropboxError(dispatch));
}

// The linked accounts as the file dialogs offer them; one linked first when there is none.
async function accountChoices(
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
): Promise<DropboxAccountChoice[]> {
  const linked = await accounts.list();
  const tokens = linked.length > 0 ? linked : [await askDropboxAccount(services, store, accounts)];
  return tokens.map(({ sub, name, fullAccess }) => ({ sub, name, fullAccess }));
}

async function askLocation(
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
  purpose: DropboxDialogPurpose,
  defaultPath: string,
  templates?: { id: string; name: string }[],
) {
  const choices = await accountChoices(services, store, accounts).catch(cancelled);
  if (!choices) return undefined;
  return services.modals
    .open('dropboxLocation', {
      purpose,
      accounts: choices,
      defaultPath,
      ...(templates ? { templates } : {}),
      ...(purpose === 'open'
        ? {
            chooserAppKey: store.getState().server.dropboxAppKeyFull,
            chooserScript: dropboxChooserScript(store.getState().server.dropboxUrl),
          }
        : {}),
    })
    .catch(cancelled);
}

/** "Add a Dropbox location": the sync dialog (path proposed: the file's name plus .md), then
 * the location added and synced. The status to show, or undefined when cancelled. */
export async function addDropboxSync(
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
  handlers: Pick<DropboxHandlers, 'addSyncLocation'>,
  fileId: string,
): Promise<string | undefined> {
  const name = store.getState().workspace.files[fileId]?.name ?? 'Untitled';
  const request = await askLocation(services, store, accounts, 'sync', defaultSyncPath(name));
  return request && handlers.addSyncLocation(fileId, request);
}

/** "Open from Dropbox": the open dialog (a typed path, or the files chosen in Dropbox's
 * Chooser), then each file opened, the last one shown in the editor. The notices, or undefined
 * when cancelled. */
export async function openDropboxFile(
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
  handlers: Pick<DropboxHandlers, 'openFile'>,
): Promise<string | undefined> {
  const request = await askLocation(services, store, accounts, 'open', '');
  if (!request) return undefined;
  const notices: string[] = [];
  let last: string | undefined;
  for (const path of request.paths ?? [request.path]) {
    const { fileId, notice } = await handlers.openFile({ ...request, path });
    notices.push(notice);
    last = fileId;
  }
  if (last) await services.workspace.openFile(last);
  return notices.join(' ');
}

/** "Publish to Dropbox": the publish dialog (path proposed: the name plus .html; Template),
 * then the location added. The notice, or undefined when cancelled. */
export async function addDropboxPublish(
  services: Services,
  store: AppStore,
  accounts: DropboxAccounts,
  handlers: Pick<DropboxHandlers, 'addPublishLocation'>,
  fileId: string,
  templates: { id: string; name: string }[],
): Promise<string | undefined> {
  const name = store.getState().workspace.files[fileId]?.name ?? 'Untitled';
  const request = await askLocation(
    services,
    store,
    accounts,
    'publish',
    defaultPublishPath(name),
    templates,
  );
  return request && handlers.addPublishLocation(fileId, request);
}

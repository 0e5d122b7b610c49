'use client';

import {
  FORGE_IDS,
  FORGE_NAMES,
  type ForgeId,
  jsonObjectEntries,
  WORDPRESS_SCOPE,
} from '@inkstone/core';
import { useEffect } from 'react';
import { addForgeAccount, showForgeError } from '../../providers/forges/forge-actions';
import { addGithubAccount } from '../../providers/github/github-actions';
import { addGoogleAccount, showGoogleError } from '../../providers/google/google-actions';
import { dropboxAccounts, dropboxRegistry } from '../../providers/dropbox/dropbox-accounts';
import { addDropboxAccount, showDropboxError } from '../../providers/dropbox/dropbox-actions';
import { DROPBOX_RESTRICTED_FOLDER } from '../../providers/dropbox/dropbox-paths';
import { useDropboxAccounts } from '../../providers/dropbox/use-dropbox-accounts';
import {
  addWordPressAccount,
  showWordPressError,
} from '../../providers/wordpress/wordpress-actions';
import { wordpressAccounts, wordpressRegistry } from '../../providers/wordpress/wordpress-registry';
import { useWordPressAccounts } from '../../providers/wordpress/use-wordpress-accounts';
import { zendeskAccounts } from '../../providers/zendesk/zendesk-registry';
import { showZendeskError } from '../../providers/zendesk/zendesk-locations';
import { useZendeskAccounts } from '../../providers/zendesk/use-zendesk-accounts';
import { runAction } from '../../services/run-action';
import { useImageBeds } from '../../providers/image-beds/use-image-beds';
import { imageBeds } from '../../providers/image-beds/image-beds-registry';
import { storageLabel } from '../../providers/image-beds/image-beds';
import { notified } from '../../store/notifications-slice';
import { isCancelled } from '../../services/modals';
import { useStore } from 'react-redux';
import { type AppStore, useAppDispatch, useAppSelector } from '../../store';
import { type ForgeAccount } from '../../store/accounts-slice';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import './account-management.css';

/** The names of a custom bed's headers or form params (a JSON object), after `label`: their
 * values stay hidden, as a header often carries a token. */
function fieldNames(label: string, json: string): string {
  const names = (jsonObjectEntries(json) ?? []).map(([name]) => name);
  return names.length === 0 ? '' : `${label} ${names.join(', ')} (values hidden)`;
}

/** The user-id prefix of each forge (spec providers §3 "User info"). */
const USER_ID_PREFIX: Record<ForgeId, string> = { gitlab: 'gl', gitea: 'gt', gitee: 'ge' };

/** The accountManagement dialog (spec interface §2 "Manage external accounts"): every account
 * linked in this browser with its user id, server and scopes, each with Remove access; the
 * GitLab, Gitea and Gitee ones are checked as it opens (their tokens made fresh, their names
 * read again). "Add … account" links one more. */
export function AccountManagementDialog({ reject }: DialogProps<'accountManagement'>) {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const github = useAppSelector((state) => state.accounts.github);
  const forges = useAppSelector((state) => state.accounts.forges);
  const google = useAppSelector((state) => state.accounts.google);
  const dropbox = useDropboxAccounts();
  const wordpress = useWordPressAccounts();
  const zendesk = useZendeskAccounts();
  const beds = useImageBeds();
  const forgeRows = FORGE_IDS.flatMap((forge) =>
    forges[forge].map((account) => ({ forge, account })),
  );

  useEffect(() => {
    // Once, as the dialog opens: each forge account's token is used, and so kept fresh.
    // Offline there is nothing to check (a refresh would only fail).
    if (!navigator.onLine) return;
    const shown = showForgeError(dispatch);
    const { forges: linked, google } = store.getState().accounts;
    for (const forge of FORGE_IDS) {
      for (const account of linked[forge]) {
        services.forgeAccounts.check(forge, account.sub).catch(shown);
      }
    }
    // Google's too: refreshed silently when under 5 minutes remain (core §4), or signed in
    // again through providerRedirection when Google refuses.
    const googleShown = showGoogleError(dispatch);
    for (const account of google) {
      services.googleAccounts.fresh(account.sub, []).catch(googleShown);
    }
  }, [services, dispatch, store]);

  // A dialog cancelled rejects with nothing to say; any other failure is shown.
  const showBedError = (error: unknown) => {
    if (isCancelled(error)) return;
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
  const removeButton = (name: string, remove: () => Promise<void>) => (
    <button
      type="button"
      className="button"
      aria-label={`Remove access of ${name}`}
      onClick={() => runAction(dispatch, remove, 'The account could not be removed.')}
    >
      Remove access
    </button>
  );
  const addImageRepository = (forge: 'github' | 'gitea', sub: string, name: string) => (
    <button
      type="button"
      className="button"
      aria-label={`Add image bed repository to ${name}`}
      onClick={() => {
        services.modals.open('imageRepository', { forge, sub, name }).catch(showBedError);
      }}
    >
      Add image bed repository
    </button>
  );
  const forgeLabel = (forge: ForgeId, account: ForgeAccount) =>
    `${FORGE_NAMES[forge]} account ${account.name}${account.serverUrl ? ` on ${account.serverUrl}` : ''}`;
  return (
    <Modal title="Manage external accounts" onCancel={reject} cancelLabel="Close">
      {github.length === 0 &&
      google.length === 0 &&
      forgeRows.length === 0 &&
      dropbox.length === 0 &&
      wordpress.length === 0 &&
      zendesk.length === 0 &&
      beds.smms.length === 0 &&
      beds.custom.length === 0 ? (
        <p>Inkstone has no access to any external account yet.</p>
      ) : (
        <ul className="account-management">
          {github.map((account) => (
            <li key={account.sub} aria-label={`GitHub account ${account.name}`}>
              <span className="account-management__name">
                GitHub: {account.name}
                {account.isLogin ? ' (signed in)' : ''}
              </span>
              <span className="account-management__detail">
                User id gh:{account.sub}, scopes {account.scopes.join(', ') || 'none'}
              </span>
              {removeButton(account.name, () => services.accounts.remove(account.sub))}
              {addImageRepository('github', account.sub, account.name)}
            </li>
          ))}
          {google.map((account) => (
            <li key={`google ${account.sub}`} aria-label={`Google account ${account.name}`}>
              <span className="account-management__name">
                Google: {account.name}
                {account.isLogin ? ' (signed in)' : ''}
              </span>
              <span className="account-management__detail">
                User id go:{account.sub}, access {account.access.join(', ') || 'profile only'}
              </span>
              {removeButton(account.name, () => services.googleAccounts.remove(account.sub))}
            </li>
          ))}
          {dropbox.map((account) => (
            <li key={`dropbox ${account.sub}`} aria-label={`Dropbox account ${account.name}`}>
              <span className="account-management__name">Dropbox: {account.name}</span>
              <span className="account-management__detail">
                User id db:{account.sub}, access{' '}
                {account.fullAccess ? 'full Dropbox' : DROPBOX_RESTRICTED_FOLDER}
              </span>
              {removeButton(account.name, async () => dropboxAccounts()?.remove(account.sub))}
            </li>
          ))}
          {wordpress.map((account) => (
            <li key={`wordpress ${account.sub}`} aria-label={`WordPress account ${account.name}`}>
              <span className="account-management__name">WordPress: {account.name}</span>
              <span className="account-management__detail">
                User id wp:{account.sub}, scope {WORDPRESS_SCOPE} (all your WordPress.com sites)
              </span>
              {removeButton(account.name, async () => wordpressAccounts()?.remove(account.sub))}
            </li>
          ))}
          {zendesk.map((account) => (
            <li key={`zendesk ${account.sub}`} aria-label={`Zendesk account ${account.name}`}>
              <span className="account-management__name">Zendesk: {account.name}</span>
              <span className="account-management__detail">
                User id zd:{account.sub}, help centre {account.subdomain}.zendesk.com, scope read
                hc:write
              </span>
              {removeButton(account.name, async () => zendeskAccounts()?.remove(account.sub))}
            </li>
          ))}
          {forgeRows.map(({ forge, account }) => (
            <li key={`${forge} ${account.sub}`} aria-label={forgeLabel(forge, account)}>
              <span className="account-management__name">
                {FORGE_NAMES[forge]}: {account.name}
                {account.isLogin ? ' (signed in)' : ''}
              </span>
              <span className="account-management__detail">
                User id {USER_ID_PREFIX[forge]}:{account.sub}
                {account.serverUrl ? `, server ${account.serverUrl}` : ''}
              </span>
              {removeButton(account.name, () => services.forgeAccounts.remove(forge, account.sub))}
              {forge === 'gitea' && addImageRepository('gitea', account.sub, account.name)}
            </li>
          ))}
          {beds.smms.map((account) => (
            <li key={`smms ${account.sub}`} aria-label={`SM.MS account ${account.name}`}>
              <span className="account-management__name">SM.MS: {account.name}</span>
              <span className="account-management__detail">
                User id sm:{account.sub}, through {account.proxyUrl}
              </span>
              {removeButton(account.name, async () => imageBeds()?.removeSmms(account.sub))}
            </li>
          ))}
          {beds.custom.map((account) => (
            <li key={`custom ${account.sub}`} aria-label={`Custom image bed ${account.name}`}>
              <span className="account-management__name">Custom image bed: {account.name}</span>
              <span className="account-management__detail">
                User id cs:{account.sub}, upload to {account.uploadUrl}
                {fieldNames(', headers', account.customHeaders)}
                {fieldNames(', form params', account.customParams)}
              </span>
              {removeButton(account.name, async () => imageBeds()?.removeCustom(account.sub))}
            </li>
          ))}
          {beds.storages.map((storage) => (
            <li
              key={`storage ${storage.forge} ${storage.sub} ${storage.sid}`}
              aria-label={`Image bed repository ${storageLabel(storage)}`}
            >
              <span className="account-management__name">
                Image bed repository: {storageLabel(storage)}
              </span>
              <span className="account-management__detail">
                {storage.forge === 'github' ? 'GitHub' : 'Gitea'} account {storage.sub}
              </span>
              {removeButton(storageLabel(storage), async () => {
                if (await services.confirmer.ask('imgStorageDeletion', storageLabel(storage))) {
                  await imageBeds()?.removeStorage(storage);
                }
              })}
            </li>
          ))}
        </ul>
      )}
      <div className="account-management__actions">
        <button
          type="button"
          className="button"
          onClick={() => addGithubAccount(dispatch, services)}
        >
          Add GitHub account
        </button>
        <button
          type="button"
          className="button"
          onClick={() => addGoogleAccount(dispatch, services)}
        >
          Add Google account
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            // (Dropbox starts after the first screen: a click before then waits for it.)
            dropboxRegistry
              .ready()
              .then((linked) => addDropboxAccount(dispatch, services, store, linked))
              .catch(showDropboxError(dispatch));
          }}
        >
          Add Dropbox account
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            // No fields (spec providers §2): WordPress.com's window opens from this click.
            // (WordPress starts after the first screen: a click before then waits for it.)
            wordpressRegistry
              .ready()
              .then((linked) => addWordPressAccount(dispatch, linked))
              .catch(showWordPressError(dispatch));
          }}
        >
          Add WordPress account
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            services.modals.open('zendeskAccount').catch(showZendeskError(dispatch));
          }}
        >
          Add Zendesk account
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            services.modals.open('smmsAccount').catch(showBedError);
          }}
        >
          Add SM.MS account
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            services.modals.open('customImageBed').catch(showBedError);
          }}
        >
          Add custom image bed
        </button>
        {FORGE_IDS.map((forge) => (
          <button
            key={forge}
            type="button"
            className="button"
            onClick={() => addForgeAccount(dispatch, services, forge, store.getState().server)}
          >
            Add {FORGE_NAMES[forge]} account
          </button>
        ))}
      </div>
    </Modal>
  );
}

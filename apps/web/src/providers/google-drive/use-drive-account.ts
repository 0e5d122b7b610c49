'use client';

import {
  type DriveIdKind,
  GOOGLE_SCOPE,
  type GoogleScopeNeeds,
  type GoogleToken,
  holdsScopes,
} from '@inkstone/core';
import { useContext, useEffect, useState } from 'react';
import { AppContext } from '../../components/app-context';
import { askGoogleDriveAccount } from '../google/google-actions';
import { googleAccounts } from '../google/google-accounts-port';
import {
  pickDriveItem,
  pickerLoader,
  PICKER_UNAVAILABLE,
  type PickerLoader,
} from './picker-loader';

/** What a Drive dialog needs of the account: any Drive access, or full access (a workspace,
 * spec providers §4). */
export type DriveAccess = 'any' | 'full';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The scopes a Drive request of the account needs. */
export const driveScopes = (token: Pick<GoogleToken, 'scopes'>): string[] => [
  holdsScopes(token, [GOOGLE_SCOPE.drive]) ? GOOGLE_SCOPE.drive : GOOGLE_SCOPE.driveFile,
];

/** Whether a linked account can serve a dialog needing `access`. */
export const servesDrive = (token: GoogleToken, access: DriveAccess) =>
  access === 'full'
    ? holdsScopes(token, [GOOGLE_SCOPE.drive])
    : holdsScopes(token, [GOOGLE_SCOPE.driveFile]);

/**
 * The Google account of a Drive dialog, through the app's Google accounts port: the linked
 * accounts that can serve it, the one chosen, the Restrict access choice for linking one, and
 * the picker behind the Choose buttons. `ensure` and `choose` may open Google's popup: call them
 * only while handling a click or a key.
 */
export function useDriveAccount(options: {
  access: DriveAccess;
  apiKey: string;
  loader?: PickerLoader;
}) {
  const { access, apiKey } = options;
  const services = useContext(AppContext);
  const [accounts, setAccounts] = useState<GoogleToken[]>([]);
  const [sub, setSub] = useState('');
  const [error, setError] = useState<string>();
  const [pickerMessage, setPickerMessage] = useState<string | undefined>(
    apiKey === '' ? PICKER_UNAVAILABLE.noApiKey : undefined,
  );
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    let live = true;
    googleAccounts()
      .list()
      .then((listed) => {
        if (!live) return;
        const usable = listed.filter((token) => servesDrive(token, access));
        setAccounts(usable);
        setSub((chosen) => chosen || usable[0]?.sub || '');
      })
      .catch((failure: unknown) => {
        if (live) setError(messageOf(failure));
      });
    return () => {
      live = false;
    };
  }, [access]);

  const chosen = accounts.find((token) => token.sub === sub);

  /** The account to use: the one chosen, or one linked now. For files, through the spec's
   * googleDriveAccount dialog (Restrict access, then Google's popup from its Ok: the one way to
   * link a Drive account, `askGoogleDriveAccount`); a workspace needs full access and links it
   * directly. Rejects with the modal's cancel when the user cancels. */
  const ensure = async (): Promise<GoogleToken> => {
    if (chosen) return chosen;
    let linked: GoogleToken;
    if (access === 'full') {
      const needs: GoogleScopeNeeds = { drive: 'full' };
      linked = await googleAccounts().link(needs);
    } else {
      if (!services) throw new Error('Google accounts are not available yet.');
      linked = await askGoogleDriveAccount(services);
    }
    setAccounts((known) => [...known.filter((token) => token.sub !== linked.sub), linked]);
    setSub(linked.sub);
    return linked;
  };

  /** Shows the picker for a folder or a file; the id chosen, or undefined (closed, or the
   * picker unavailable: `pickerMessage` then says why). */
  const choose = async (kind: DriveIdKind): Promise<string | undefined> => {
    if (apiKey === '') {
      setPickerMessage(PICKER_UNAVAILABLE.noApiKey);
      return undefined;
    }
    setPicking(true);
    try {
      const account = await ensure();
      const loaded = await (options.loader ?? pickerLoader()).load(apiKey);
      if (!loaded.ok) {
        setPickerMessage(loaded.reason);
        return undefined;
      }
      setPickerMessage(undefined);
      const token = await googleAccounts().fresh(account.sub, driveScopes(account));
      return await pickDriveItem(loaded.api, kind, { accessToken: token.accessToken, apiKey });
    } catch (failure) {
      setError(messageOf(failure));
      return undefined;
    } finally {
      setPicking(false);
    }
  };

  return {
    accounts,
    sub,
    setSub,
    chosen,
    error,
    setError,
    pickerMessage,
    picking,
    ensure,
    choose,
  };
}

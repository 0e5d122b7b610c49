'use client';

import { useState } from 'react';
import { signInWithGithub } from '../../providers/github/github-actions';
import { SponsorOnlyError } from '../../services/pdf-export';
import { useAppDispatch, useAppSelector } from '../../store';
import { mainLoginKey } from '../../store/accounts-slice';
import { notified } from '../../store/notifications-slice';
import { runAction } from '../../services/run-action';
import { useAppServices } from '../app-context';
import { earnBadge } from '../../badges/badges';

/** What an export says while it runs and when it is done (see services/announcer.ts); without
 * `done`, nothing (a notification says it already, as "HTML copied to clipboard!"). */
export interface ExportMessages {
  busy: string;
  done?: string;
}

/** The badge each export earns once done. */
const EXPORT_BADGES: Record<string, string> = {
  'HTML export': 'exportHtml',
  'PDF export': 'exportPdf',
  'Pandoc export': 'exportPandoc',
};

/** What the export dialogs share: one action at a time (`busy`), announced as it starts and ends,
 * its error shown in the dialog and as a notification, and a 401 that closes the dialog and opens
 * sponsorOnly for `feature`, or, for a user not signed in, signInForSponsorship, whose Ok signs
 * in with GitHub. */
export function useExportAction(
  { resolve, reject }: { resolve(): void; reject(): void },
  feature: string,
) {
  const services = useAppServices();
  const { confirmer, announcer } = services;
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => mainLoginKey(state.accounts) !== undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const attempt = async (messages: ExportMessages, action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    const announced = announcer.start(messages.busy);
    try {
      await action();
      earnBadge(EXPORT_BADGES[feature] ?? '');
      announced.end(messages.done);
      resolve();
    } catch (failure) {
      // (The failure is shown and read as an alert, or the sponsorOnly dialog opens.)
      announced.end();
      if (failure instanceof SponsorOnlyError) {
        reject();
        if (signedIn) await confirmer.ask('sponsorOnly', feature);
        else if (await confirmer.ask('signInForSponsorship', feature)) {
          signInWithGithub(dispatch, services);
        }
        return;
      }
      console.error(failure);
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      dispatch(notified('error', message));
    } finally {
      setBusy(false);
    }
  };
  // For a click, which cannot wait: the action's failure is shown above, and anything escaping
  // that (closing the dialog, the sponsorOnly question) is shown too.
  const run = (messages: ExportMessages, action: () => Promise<void>): void =>
    runAction(dispatch, () => attempt(messages, action), 'The export failed.');
  return { busy, error, run };
}

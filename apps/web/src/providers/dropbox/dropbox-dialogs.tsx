'use client';

import { AccountChoice } from '../../components/dialogs/account-choice';
import { DropboxFieldError, shownPath } from '@inkstone/core';
import { useEffect, useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { TemplateSelect } from '../github/template-select';
import { type DropboxAccountChoice, type DropboxLocationRequest } from './dropbox-dialog-types';
import { CHOOSER_UNAVAILABLE, chooseDropboxFiles, dropboxChooserLoader } from './dropbox-chooser';
import { DROPBOX_RESTRICTED_FOLDER, tokenPath } from './dropbox-paths';

/** The dialogs' titles. */
export const DROPBOX_DIALOG_TITLES = {
  account: 'Add Dropbox account',
  sync: 'Synchronize with Dropbox',
  open: 'Open from Dropbox',
  publish: 'Publish to Dropbox',
} as const;

/** The dropboxAccount dialog (spec providers §2, cloud drive D): the restrictedAccess choice,
 * remembered in the local setting dropboxRestrictedAccess. Ok opens Dropbox's authorize window.
 * When the server offers one app only, the choice is fixed to it. */
export function DropboxAccountDialog({ props, resolve, reject }: DialogProps<'dropboxAccount'>) {
  const fixed = props.offers.full !== props.offers.restricted;
  const [restrictedAccess, setRestrictedAccess] = useState(
    fixed ? props.offers.restricted : props.restrictedAccess,
  );
  return (
    <Modal
      title={DROPBOX_DIALOG_TITLES.account}
      onCancel={reject}
      onOk={() => resolve({ restrictedAccess })}
    >
      <div className="form">
        <p>
          Inkstone opens Dropbox in a new window, where you allow it to read and write your files.
          The access token is kept in this browser only.
        </p>
        <label>
          <input
            type="checkbox"
            checked={restrictedAccess}
            disabled={fixed}
            onChange={(event) => setRestrictedAccess(event.target.checked)}
          />{' '}
          <span>Restrict access to {DROPBOX_RESTRICTED_FOLDER}</span>
        </label>
        <p>
          Restricted, Inkstone reaches only the files of its own folder, shown in your Dropbox as{' '}
          {DROPBOX_RESTRICTED_FOLDER}.
        </p>
      </div>
    </Modal>
  );
}

/**
 * The Dropbox file dialogs (spec providers §2): sync (File path: an existing file there is
 * merged with, then kept in sync), open (File path typed, or files chosen in Dropbox's
 * Chooser, loaded on demand) and publish (File path, default the name plus .html, overwritten; Template).
 * The example path carries the restricted folder when the account lacks full access. A path
 * the rule refuses is said beside the field, and nothing typed is lost.
 */
export function DropboxLocationDialog({ props, resolve, reject }: DialogProps<'dropboxLocation'>) {
  const { purpose, accounts, templates } = props;
  const [sub, setSub] = useState(accounts[0]?.sub ?? '');
  const [path, setPath] = useState(props.defaultPath);
  const [templateId, setTemplateId] = useState(templates?.[0]?.id ?? '');
  const [error, setError] = useState<string>();
  const [chooserNote, setChooserNote] = useState<string>();
  const [choosing, setChoosing] = useState(false);
  const account: DropboxAccountChoice | undefined =
    accounts.find((candidate) => candidate.sub === sub) ?? accounts[0];
  const restricted = account ? !account.fullAccess : false;
  const example = shownPath(
    props.defaultPath || '/My file.md',
    restricted ? DROPBOX_RESTRICTED_FOLDER : undefined,
  );

  const submit = () => {
    if (!account) return;
    try {
      const request: DropboxLocationRequest = {
        purpose,
        sub: account.sub,
        path: tokenPath(path, account.fullAccess),
        ...(purpose === 'publish' ? { templateId } : {}),
      };
      resolve(request);
    } catch (failure) {
      if (failure instanceof DropboxFieldError) setError(failure.message);
      else throw failure;
    }
  };

  // The Chooser's script starts loading as the open dialog shows, so that the click that opens
  // the Chooser's window still counts as the user's.
  const chooserAppKey =
    purpose === 'open' && account?.fullAccess ? (props.chooserAppKey ?? '') : '';
  useEffect(() => {
    if (chooserAppKey !== '')
      dropboxChooserLoader().load(chooserAppKey, props.chooserScript).catch(console.error);
  }, [chooserAppKey, props.chooserScript]);

  // Dropbox's Chooser, loaded on demand: the files chosen are opened by their ids; where it
  // cannot load (or the account cannot open what it shows) the dialog says why, and the typed
  // path stays.
  const choose = () => {
    if (!account) return;
    if (!account.fullAccess) {
      setChooserNote(CHOOSER_UNAVAILABLE.restricted);
      return;
    }
    setChooserNote(undefined);
    setChoosing(true);
    dropboxChooserLoader()
      .load(props.chooserAppKey ?? '', props.chooserScript)
      .then(async (availability) => {
        if (!availability.ok) {
          setChooserNote(availability.reason);
          return;
        }
        const files = await chooseDropboxFiles(availability.dropins);
        const [first] = files ?? [];
        if (files && first) {
          resolve({
            purpose,
            sub: account.sub,
            path: first.id,
            paths: files.map((file) => file.id),
          });
        }
      })
      .catch((failure: unknown) =>
        setChooserNote(failure instanceof Error ? failure.message : String(failure)),
      )
      .finally(() => setChoosing(false));
  };

  return (
    <Modal
      title={DROPBOX_DIALOG_TITLES[purpose]}
      onCancel={reject}
      onOk={submit}
      okLabel={purpose === 'open' ? 'Open' : 'Ok'}
    >
      <div className="form">
        <AccountChoice
          accounts={accounts}
          sub={sub}
          onChange={setSub}
          optionText={(choice) => `${choice.name}${choice.fullAccess ? '' : ' (restricted)'}`}
          single={
            <>
              Dropbox account: {account?.name}
              {restricted ? ` (restricted to ${DROPBOX_RESTRICTED_FOLDER})` : ''}
            </>
          }
        />
        <TextField
          label="File path"
          name="path"
          value={path}
          placeholder={example}
          error={error}
          onChange={(value) => {
            setPath(value);
            setError(undefined);
          }}
        />
        {purpose === 'open' && (
          <div className="form__field">
            <button
              type="button"
              className="button"
              onClick={choose}
              disabled={choosing}
              aria-describedby={chooserNote ? 'dropbox-chooser-note' : undefined}
            >
              Choose from Dropbox
            </button>
            {chooserNote && (
              <p id="dropbox-chooser-note" role="status">
                {chooserNote}
              </p>
            )}
          </div>
        )}
        <p>
          {purpose === 'open'
            ? `Type the path of the file in Dropbox, for example ${example}.`
            : purpose === 'publish'
              ? `A file already at this path is overwritten. For example ${example}.`
              : `A file already at this path is merged with this one and then kept in sync. For example ${example}.`}
        </p>
        {purpose === 'publish' && templates && (
          <TemplateSelect templates={templates} value={templateId} onChange={setTemplateId} />
        )}
      </div>
    </Modal>
  );
}

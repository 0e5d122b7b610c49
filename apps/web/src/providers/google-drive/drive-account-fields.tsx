'use client';

import { useId } from 'react';
import { type useDriveAccount } from './use-drive-account';

type DriveAccount = ReturnType<typeof useDriveAccount>;

/** The account part of a Drive dialog: the Account choice when several linked accounts can
 * serve it; with none, what Ok will do (for files, the googleDriveAccount dialog, whose Restrict
 * access checkbox is the one place that choice is made; for a workspace, Google's window). */
export function DriveAccountFields(props: { account: DriveAccount; canRestrict: boolean }) {
  const { account } = props;
  const selectId = useId();
  if (account.accounts.length > 1) {
    return (
      <label className="form__field" htmlFor={selectId}>
        <span>Account</span>
        <select
          id={selectId}
          value={account.sub}
          onChange={(event) => account.setSub(event.target.value)}
        >
          {account.accounts.map((token) => (
            <option key={token.sub} value={token.sub}>
              {token.name}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (account.accounts.length === 1) {
    return <p className="drive-dialog__text">Google account: {account.accounts[0]!.name}</p>;
  }
  return (
    <p className="drive-dialog__text">
      {props.canRestrict
        ? 'No Google account with Drive access is linked yet: Ok asks which access to give (Add Google Drive account), then opens Google’s sign-in window.'
        : 'No Google account with Drive access is linked yet: Ok opens Google’s sign-in window first.'}
    </p>
  );
}

/** A Choose button beside an id field (the picker); `reasonId` is the id of the dialog's note
 * saying why the picker is not there, when it is not. */
export function ChooseButton(props: {
  label: string;
  account: DriveAccount;
  kind: 'folder' | 'file';
  reasonId: string;
  onChosen(id: string): void;
}) {
  const { account } = props;
  return (
    <button
      type="button"
      className="button drive-dialog__choose"
      disabled={account.picking}
      aria-busy={account.picking}
      aria-describedby={account.pickerMessage !== undefined ? props.reasonId : undefined}
      onClick={() => {
        account
          .choose(props.kind)
          .then((id) => {
            if (id !== undefined) props.onChosen(id);
          })
          .catch(console.error);
      }}
    >
      {props.label}
    </button>
  );
}

/** Why the picker is not there, once per dialog (the Choose buttons point at it). */
export function PickerNote(props: { account: DriveAccount; id: string }) {
  const message = props.account.pickerMessage;
  if (message === undefined) return null;
  return (
    <p id={props.id} className="drive-dialog__note" role="status">
      {message}
    </p>
  );
}

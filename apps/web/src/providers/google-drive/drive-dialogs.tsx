'use client';

import {
  DriveFieldError,
  type DrivePublishFormat,
  readDriveId,
  readDriveLocationForm,
} from '@inkstone/core';
import { useId, useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { isCancelled } from '../../services/modals';
import { TemplateSelect } from '../github/template-select';
import { ChooseButton, DriveAccountFields, PickerNote } from './drive-account-fields';
import { type DriveLocationRequest } from './drive-dialog-types';
import { useDriveAccount } from './use-drive-account';
import './drive.css';

/** The dialogs' titles (spec providers §2). */
export const DRIVE_DIALOG_TITLES = {
  sync: 'Synchronize with Google Drive',
  open: 'Open from Google Drive',
  publish: 'Publish to Google Drive',
  workspace: 'Add a Google Drive workspace',
} as const;

/** The error of the open dialog's File ID left empty. */
export const DRIVE_FILE_ID_REQUIRED =
  'Enter the ID of the Google Drive file to open, or choose it.';

type FieldError = { field: 'folderId' | 'fileId'; message: string };

/**
 * The Google Drive file dialogs (spec providers §2): sync (Folder ID, Existing file ID), open
 * (File ID, chosen with the picker or typed) and publish (Folder ID with Choose folder,
 * Existing file ID, Export Markdown or Export HTML, the Template only for HTML). Ids may be
 * pasted as Drive links; a field at fault is said beside it and nothing typed is lost. Ok
 * links a Google account first when none with Drive access is.
 */
export function DriveLocationDialog({
  props,
  resolve,
  reject,
}: DialogProps<'googleDriveLocation'>) {
  const { purpose, defaults } = props;
  const account = useDriveAccount({
    access: 'any',
    apiKey: props.apiKey,
  });
  const [folderId, setFolderId] = useState(purpose === 'open' ? '' : defaults.googleDriveFolderId);
  const [fileId, setFileId] = useState('');
  const [format, setFormat] = useState<DrivePublishFormat>(defaults.googleDrivePublishFormat);
  const [templateId, setTemplateId] = useState(props.templates?.[0]?.id ?? '');
  const [error, setError] = useState<FieldError>();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const formatName = useId();

  // The request of the form as it stands, or the first field at fault.
  const read = (): DriveLocationRequest | FieldError => {
    try {
      if (purpose === 'open') {
        const id = readDriveId(fileId, 'file');
        if (id === undefined) return { field: 'fileId', message: DRIVE_FILE_ID_REQUIRED };
        return { purpose, sub: '', fileId: id };
      }
      const fields = readDriveLocationForm({ folderId, fileId });
      if (purpose === 'sync') return { purpose, sub: '', fields };
      return {
        purpose,
        sub: '',
        fields: format === 'html' ? { ...fields, format, templateId } : { ...fields, format },
      };
    } catch (failure) {
      if (failure instanceof DriveFieldError)
        return { field: failure.field, message: failure.message };
      throw failure;
    }
  };

  const submit = () => {
    const request = read();
    if ('field' in request) {
      setError(request);
      return;
    }
    setBusy(true);
    account
      .ensure()
      .then((token) => resolve({ ...request, sub: token.sub }))
      .catch((failure: unknown) => {
        // Cancelling the account dialog leaves this one as it was.
        if (!isCancelled(failure)) {
          account.setError(failure instanceof Error ? failure.message : String(failure));
        }
        setBusy(false);
      });
  };

  const fieldError = (field: FieldError['field']) =>
    error?.field === field ? error.message : undefined;
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(undefined);
  };

  return (
    <Modal
      title={DRIVE_DIALOG_TITLES[purpose]}
      onCancel={reject}
      onOk={submit}
      okDisabled={busy}
      okLabel={purpose === 'open' ? 'Open' : 'Ok'}
    >
      <div className="form">
        <DriveAccountFields account={account} canRestrict />
        {purpose !== 'open' && (
          <div className="drive-dialog__id">
            <TextField
              label="Folder ID (optional)"
              name="folderId"
              value={folderId}
              placeholder="The drive root"
              error={fieldError('folderId')}
              onChange={edit(setFolderId)}
            />
            <ChooseButton
              label="Choose folder"
              kind="folder"
              account={account}
              reasonId={reasonId}
              onChosen={edit(setFolderId)}
            />
          </div>
        )}
        <div className="drive-dialog__id">
          <TextField
            label={purpose === 'open' ? 'File ID' : 'Existing file ID (optional)'}
            name="fileId"
            value={fileId}
            placeholder={purpose === 'open' ? 'The file’s ID or link' : 'A new file'}
            error={fieldError('fileId')}
            onChange={edit(setFileId)}
          />
          <ChooseButton
            label="Choose file"
            kind="file"
            account={account}
            reasonId={reasonId}
            onChosen={edit(setFileId)}
          />
        </div>
        {purpose !== 'open' && (
          <p className="drive-dialog__hint">
            {purpose === 'publish'
              ? 'An existing file is overwritten by each publication. Without one, a new file is made in the folder.'
              : 'Without an existing file, a new file is made in the folder on the first synchronization.'}
          </p>
        )}
        {purpose === 'publish' && (
          <fieldset className="drive-dialog__format">
            <legend>Format</legend>
            {(
              [
                ['markdown', 'Export Markdown'],
                ['html', 'Export HTML'],
              ] as const
            ).map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name={formatName}
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        )}
        {purpose === 'publish' && format === 'html' && (
          <TemplateSelect
            templates={props.templates ?? []}
            value={templateId}
            onChange={setTemplateId}
          />
        )}
        <PickerNote account={account} id={reasonId} />
        {account.error !== undefined && (
          <p className="field-error" role="alert">
            {account.error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/**
 * "Add a Google Drive workspace" (spec providers §2): an optional Folder ID (typed, pasted as a
 * link, or chosen); empty asks for a new workspace folder in the drive root. The account needs
 * full Drive access (§4): Ok links or widens one when none has it.
 */
export function DriveWorkspaceDialog({
  props,
  resolve,
  reject,
}: DialogProps<'googleDriveWorkspace'>) {
  const account = useDriveAccount({
    access: 'full',
    apiKey: props.apiKey,
  });
  const [folderId, setFolderId] = useState(props.defaultFolderId);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  const submit = () => {
    let id: string | undefined;
    try {
      id = readDriveId(folderId, 'folder');
    } catch (failure) {
      if (failure instanceof DriveFieldError) {
        setError(failure.message);
        return;
      }
      throw failure;
    }
    setBusy(true);
    account
      .ensure()
      .then((token) =>
        resolve(id === undefined ? { sub: token.sub } : { sub: token.sub, folderId: id }),
      )
      .catch((failure: unknown) => {
        // Cancelling the account dialog leaves this one as it was.
        if (!isCancelled(failure)) {
          account.setError(failure instanceof Error ? failure.message : String(failure));
        }
        setBusy(false);
      });
  };

  return (
    <Modal title={DRIVE_DIALOG_TITLES.workspace} onCancel={reject} onOk={submit} okDisabled={busy}>
      <div className="form">
        <DriveAccountFields account={account} canRestrict={false} />
        <div className="drive-dialog__id">
          <TextField
            label="Folder ID (optional)"
            name="folderId"
            value={folderId}
            placeholder="A new folder in the drive root"
            error={error}
            onChange={(value) => {
              setFolderId(value);
              setError(undefined);
            }}
          />
          <ChooseButton
            label="Choose folder"
            kind="folder"
            account={account}
            reasonId={reasonId}
            onChosen={(value) => {
              setFolderId(value);
              setError(undefined);
            }}
          />
        </div>
        <p className="drive-dialog__hint">
          Leave the Folder ID empty to make a new workspace folder in your drive’s root.
        </p>
        <PickerNote account={account} id={reasonId} />
        {account.error !== undefined && (
          <p className="field-error" role="alert">
            {account.error}
          </p>
        )}
      </div>
    </Modal>
  );
}

'use client';

import { normalizeDbUrl } from '@inkstone/core';
import { useState } from 'react';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { TextField } from './text-field';

/** The couchdbWorkspace dialog (spec providers §5): a database URL, required, its trailing
 * slash stripped; a URL the provider cannot use is refused inline with the reason. */
export function CouchdbWorkspaceDialog({ resolve, reject }: DialogProps<'couchdbWorkspace'>) {
  const [dbUrl, setDbUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    try {
      resolve(normalizeDbUrl(dbUrl));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <Modal title="Add a CouchDB workspace" onCancel={reject} onOk={submit} okLabel="Add">
      <div className="form">
        <TextField
          label="Database URL"
          name="dbUrl"
          value={dbUrl}
          required
          placeholder="https://couch.example.com/notes"
          error={error}
          onChange={(value) => {
            setDbUrl(value);
            setError(undefined);
          }}
        />
      </div>
    </Modal>
  );
}

/** The couchdbCredentials dialog (spec providers §5): a name and a password, both required.
 * The password goes to the provider's login and nowhere else. */
export function CouchdbCredentialsDialog({
  props,
  resolve,
  reject,
}: DialogProps<'couchdbCredentials'>) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const incomplete = name.trim() === '' || password === '';
  return (
    <Modal
      title="CouchDB credentials"
      onCancel={reject}
      onOk={() => resolve({ name: name.trim(), password })}
      okDisabled={incomplete}
      okLabel="Log in"
    >
      <div className="form">
        <p>Log in to {props.dbUrl}.</p>
        <TextField label="Name" value={name} autoComplete="username" onChange={setName} />
        <TextField
          label="Password"
          type="password"
          value={password}
          autoComplete="current-password"
          onChange={setPassword}
        />
      </div>
    </Modal>
  );
}

'use client';

import { normalizeDbUrl } from '@inkstone/core';
import { useId, useState } from 'react';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';

/** The couchdbWorkspace dialog (spec providers §5): a database URL, required, its trailing
 * slash stripped; a URL the provider cannot use is refused inline with the reason. */
export function CouchdbWorkspaceDialog({ resolve, reject }: DialogProps<'couchdbWorkspace'>) {
  const [dbUrl, setDbUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
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
        <label className="form__field">
          <span>Database URL</span>
          <input
            value={dbUrl}
            required
            placeholder="https://couch.example.com/notes"
            aria-invalid={error !== undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setDbUrl(event.target.value);
              setError(undefined);
            }}
          />
        </label>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
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
        <label className="form__field">
          <span>Name</span>
          <input value={name} autoComplete="username" onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="form__field">
          <span>Password</span>
          <input
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
      </div>
    </Modal>
  );
}

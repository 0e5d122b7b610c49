'use client';

import { LocationFieldError, readGistForm } from '@inkstone/core';
import { useId, useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import { TemplateSelect } from './template-select';

/** The gist dialogs (spec providers §2 gist open, sync and publish dialogs): to open, a Gist
 * ID (and a Filename to choose among its files); else Filename required, Public, an optional
 * Existing Gist ID, and the Template when publishing. */
export function GistLocationDialog({ props, resolve, reject }: DialogProps<'gistLocation'>) {
  const publishing = props.purpose === 'publish';
  const [filename, setFilename] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [gistId, setGistId] = useState('');
  const [templateId, setTemplateId] = useState(props.templates?.[0]?.id ?? '');
  const [error, setError] = useState<string>();
  const errorId = useId();
  const opening = props.purpose === 'open';
  const submit = () => {
    if (opening) {
      if (gistId.trim() === '') {
        setError('Gist ID is required.');
        return;
      }
      resolve({ fields: { gistId: gistId.trim(), filename: filename.trim(), isPublic } });
      return;
    }
    try {
      const fields = readGistForm({ filename, isPublic, gistId });
      resolve({ fields, templateId: publishing ? templateId : undefined });
    } catch (failure) {
      if (failure instanceof LocationFieldError) setError(failure.message);
      else throw failure;
    }
  };
  if (opening) {
    return (
      <Modal title="Open from gist" onCancel={reject} onOk={submit} okLabel="Open">
        <div className="form">
          <label className="form__field">
            <span>Gist ID</span>
            <input
              name="gistId"
              value={gistId}
              aria-invalid={error !== undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setGistId(event.target.value);
                setError(undefined);
              }}
            />
          </label>
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
          <label className="form__field">
            <span>Filename (optional)</span>
            <input
              name="filename"
              value={filename}
              placeholder="The gist's first markdown file"
              onChange={(event) => setFilename(event.target.value)}
            />
          </label>
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      title={publishing ? 'Publish to gist' : 'Synchronize with a gist'}
      onCancel={reject}
      onOk={submit}
    >
      <div className="form">
        <label className="form__field">
          <span>Filename</span>
          <input
            name="filename"
            value={filename}
            placeholder={publishing ? 'notes.html' : 'notes.md'}
            aria-invalid={error !== undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setFilename(event.target.value);
              setError(undefined);
            }}
          />
        </label>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <label className="form__check">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(event) => setPublic(event.target.checked)}
          />
          <span>Public</span>
        </label>
        <label className="form__field">
          <span>Existing Gist ID (optional)</span>
          <input name="gistId" value={gistId} onChange={(event) => setGistId(event.target.value)} />
        </label>
        {publishing && (
          <>
            <TemplateSelect
              templates={props.templates ?? []}
              value={templateId}
              onChange={setTemplateId}
            />
            <p className="form__hint">
              The gist’s description is the file’s title (File properties).
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}

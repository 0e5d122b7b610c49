'use client';

import { LocationFieldError, readGistForm } from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import { TextField } from '../../components/dialogs/text-field';
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
      <Modal
        title={props.gistForge ? `Open from ${props.gistForge} gist` : 'Open from gist'}
        onCancel={reject}
        onOk={submit}
        okLabel="Open"
      >
        <div className="form">
          <TextField
            label="Gist ID"
            name="gistId"
            value={gistId}
            error={error}
            onChange={(value) => {
              setGistId(value);
              setError(undefined);
            }}
          />
          <TextField
            label="Filename (optional)"
            name="filename"
            value={filename}
            placeholder="The gist's first markdown file"
            onChange={setFilename}
          />
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      title={
        publishing
          ? `Publish to ${props.gistForge ? `${props.gistForge} ` : ''}gist`
          : `Synchronize with a ${props.gistForge ? `${props.gistForge} ` : ''}gist`
      }
      onCancel={reject}
      onOk={submit}
    >
      <div className="form">
        <TextField
          label="Filename"
          name="filename"
          value={filename}
          placeholder={publishing ? 'notes.html' : 'notes.md'}
          error={error}
          onChange={(value) => {
            setFilename(value);
            setError(undefined);
          }}
        />
        <label className="form__check">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(event) => setPublic(event.target.checked)}
          />
          <span>Public</span>
        </label>
        <TextField
          label="Existing Gist ID (optional)"
          name="gistId"
          value={gistId}
          onChange={setGistId}
        />
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

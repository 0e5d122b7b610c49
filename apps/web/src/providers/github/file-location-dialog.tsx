'use client';

import { LocationFieldError, readGithubFileForm } from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { TemplateSelect } from './template-select';

const TITLES = {
  sync: 'Synchronize with GitHub',
  open: 'Open from GitHub',
  publish: 'Publish to GitHub',
} as const;

/** The GitHub file dialogs (spec providers §2 open, sync and publish dialogs): Repository URL
 * and File path required, Branch optional (main), and the Template when publishing; a field at
 * fault is said beside it. */
export function GithubFileLocationDialog({
  props,
  resolve,
  reject,
}: DialogProps<'githubFileLocation'>) {
  const [repoUrl, setRepoUrl] = useState('');
  const [path, setPath] = useState('');
  const [branch, setBranch] = useState('');
  const [templateId, setTemplateId] = useState(props.templates?.[0]?.id ?? '');
  const [error, setError] = useState<LocationFieldError>();
  const submit = () => {
    try {
      const fields = readGithubFileForm({ repoUrl, path, branch }, props.githubUrl);
      resolve({ fields, templateId: props.purpose === 'publish' ? templateId : undefined });
    } catch (failure) {
      if (failure instanceof LocationFieldError) setError(failure);
      else throw failure;
    }
  };
  const fieldError = (field: LocationFieldError['field']) =>
    error?.field === field ? error.message : undefined;
  return (
    <Modal
      title={TITLES[props.purpose]}
      onCancel={reject}
      onOk={submit}
      okLabel={props.purpose === 'open' ? 'Open' : 'Ok'}
    >
      <div className="form">
        <TextField
          label="Repository URL"
          name="repoUrl"
          value={repoUrl}
          placeholder={`${props.githubUrl}/owner/repo`}
          error={fieldError('repoUrl')}
          onChange={(value) => {
            setRepoUrl(value);
            setError(undefined);
          }}
        />
        <TextField
          label="File path"
          name="path"
          value={path}
          placeholder={props.purpose === 'publish' ? 'docs/notes.html' : 'docs/notes.md'}
          error={fieldError('path')}
          onChange={(value) => {
            setPath(value);
            setError(undefined);
          }}
        />
        <TextField
          label="Branch (optional)"
          name="branch"
          value={branch}
          placeholder="main"
          onChange={setBranch}
        />
        {props.purpose === 'publish' && (
          <TemplateSelect
            templates={props.templates ?? []}
            value={templateId}
            onChange={setTemplateId}
          />
        )}
      </div>
    </Modal>
  );
}

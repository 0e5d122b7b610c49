'use client';

import { LocationFieldError, readGithubFileForm } from '@inkstone/core';
import { useId, useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
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
  const errorId = useId();
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
    error?.field === field ? (
      <p id={errorId} className="field-error" role="alert">
        {error.message}
      </p>
    ) : null;
  const invalid = (field: LocationFieldError['field']) => ({
    'aria-invalid': error?.field === field,
    'aria-describedby': error?.field === field ? errorId : undefined,
  });
  return (
    <Modal
      title={TITLES[props.purpose]}
      onCancel={reject}
      onOk={submit}
      okLabel={props.purpose === 'open' ? 'Open' : 'Ok'}
    >
      <div className="form">
        <label className="form__field">
          <span>Repository URL</span>
          <input
            name="repoUrl"
            value={repoUrl}
            placeholder={`${props.githubUrl}/owner/repo`}
            {...invalid('repoUrl')}
            onChange={(event) => {
              setRepoUrl(event.target.value);
              setError(undefined);
            }}
          />
        </label>
        {fieldError('repoUrl')}
        <label className="form__field">
          <span>File path</span>
          <input
            name="path"
            value={path}
            placeholder={props.purpose === 'publish' ? 'docs/notes.html' : 'docs/notes.md'}
            {...invalid('path')}
            onChange={(event) => {
              setPath(event.target.value);
              setError(undefined);
            }}
          />
        </label>
        {fieldError('path')}
        <label className="form__field">
          <span>Branch (optional)</span>
          <input
            name="branch"
            value={branch}
            placeholder="main"
            onChange={(event) => setBranch(event.target.value)}
          />
        </label>
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

'use client';

import { FORGE_NAMES, GitlabFieldError, LocationFieldError } from '@inkstone/core';
import { useId, useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { TemplateSelect } from '../github/template-select';
import { readForgeFileForm } from './forge-file-form';

const VERBS = { sync: 'Synchronize with', open: 'Open from', publish: 'Publish to' } as const;

/** The repository field of each forge (spec providers §2): GitLab's "Project URL", Gitea's and
 * Gitee's "Repository URL", with the name its error is given under. */
const URL_FIELD = {
  gitlab: { label: 'Project URL', name: 'projectUrl' },
  gitea: { label: 'Repository URL', name: 'repoUrl' },
  gitee: { label: 'Repository URL', name: 'repoUrl' },
} as const;

/**
 * The GitLab, Gitea and Gitee file dialogs (spec providers §2 open, sync and publish dialogs):
 * Project URL (GitLab) or Repository URL (Gitea, Gitee) and File path required, Branch
 * optional (master), the Template when publishing, and the Account when several are linked; a
 * field at fault is said beside it.
 */
export function ForgeFileLocationDialog({
  props,
  resolve,
  reject,
}: DialogProps<'forgeFileLocation'>) {
  const [url, setUrl] = useState('');
  const [path, setPath] = useState('');
  const [branch, setBranch] = useState('');
  const [templateId, setTemplateId] = useState(props.templates?.[0]?.id ?? '');
  const [error, setError] = useState<{ field: string; message: string }>();
  const [sub, setSub] = useState(props.accounts[0]?.sub ?? '');
  const accountId = useId();
  const account = props.accounts.find((known) => known.sub === sub) ?? props.accounts[0];
  const serverUrl = account?.serverUrl ?? '';
  const urlField = URL_FIELD[props.forge];
  const submit = () => {
    try {
      const fields = readForgeFileForm({ forge: props.forge, serverUrl }, { url, path, branch });
      resolve({
        fields,
        sub: account?.sub ?? '',
        templateId: props.purpose === 'publish' ? templateId : undefined,
      });
    } catch (failure) {
      if (failure instanceof GitlabFieldError || failure instanceof LocationFieldError) {
        setError({ field: failure.field, message: failure.message });
      } else throw failure;
    }
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Modal
      title={`${VERBS[props.purpose]} ${FORGE_NAMES[props.forge]}`}
      onCancel={reject}
      onOk={submit}
      okLabel={props.purpose === 'open' ? 'Open' : 'Ok'}
    >
      <div className="form">
        {props.accounts.length > 1 && (
          <label className="form__field" htmlFor={accountId}>
            <span>Account</span>
            <select id={accountId} value={sub} onChange={(event) => setSub(event.target.value)}>
              {props.accounts.map((known) => (
                <option key={known.sub} value={known.sub}>
                  {known.name} ({known.serverUrl.replace(/^https?:\/\//, '')})
                </option>
              ))}
            </select>
          </label>
        )}
        <TextField
          label={urlField.label}
          name={urlField.name}
          value={url}
          placeholder={`${serverUrl}/${props.forge === 'gitlab' ? 'group/project' : 'owner/repo'}`}
          error={fieldError(urlField.name)}
          onChange={(value) => {
            setUrl(value);
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
          placeholder="master"
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

'use client';

import { useId, useState } from 'react';
import { parseRepositoryUrl } from '@inkstone/core';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import {
  DEFAULT_WORKSPACE_BRANCH,
  normalizeBranch,
  normalizeFolderPath,
  REPO_URL_INVALID,
} from './workspace-params';

/** The GitHub workspace dialog (spec providers §2 and §5): Repository URL (required, a
 * repository page of the configured GitHub or owner/repo), optional Folder path (the root by
 * default) and optional Branch (main by default). Resolves to the repository folder. */
export function GithubWorkspaceDialog({ props, resolve, reject }: DialogProps<'githubWorkspace'>) {
  const [repoUrl, setRepoUrl] = useState('');
  const [path, setPath] = useState('');
  const [branch, setBranch] = useState('');
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const submit = () => {
    const repository = parseRepositoryUrl(repoUrl, props.githubUrl);
    if (!repository) {
      setError(REPO_URL_INVALID);
      return;
    }
    resolve({ ...repository, branch: normalizeBranch(branch), path: normalizeFolderPath(path) });
  };
  return (
    <Modal title="Add a GitHub workspace" onCancel={reject} onOk={submit} okLabel="Open">
      <div className="form">
        <p>A folder of a repository becomes a workspace: each file is a plain .md file there.</p>
        <label className="form__field">
          <span>Repository URL</span>
          <input
            name="repoUrl"
            value={repoUrl}
            required
            placeholder={`${props.githubUrl}/owner/repo`}
            aria-invalid={error !== undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setRepoUrl(event.target.value);
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
          <span>Folder path (optional)</span>
          <input
            name="path"
            value={path}
            placeholder="The repository's root"
            onChange={(event) => setPath(event.target.value)}
          />
        </label>
        <label className="form__field">
          <span>Branch (optional)</span>
          <input
            name="branch"
            value={branch}
            placeholder={DEFAULT_WORKSPACE_BRANCH}
            onChange={(event) => setBranch(event.target.value)}
          />
        </label>
      </div>
    </Modal>
  );
}

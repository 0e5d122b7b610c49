'use client';

import { useState } from 'react';
import { parseRepositoryUrl } from '@inkstone/core';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
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
        <TextField
          label="Repository URL"
          name="repoUrl"
          value={repoUrl}
          required
          placeholder={`${props.githubUrl}/owner/repo`}
          error={error}
          onChange={(value) => {
            setRepoUrl(value);
            setError(undefined);
          }}
        />
        <TextField
          label="Folder path (optional)"
          name="path"
          value={path}
          placeholder="The repository's root"
          onChange={setPath}
        />
        <TextField
          label="Branch (optional)"
          name="branch"
          value={branch}
          placeholder={DEFAULT_WORKSPACE_BRANCH}
          onChange={setBranch}
        />
      </div>
    </Modal>
  );
}

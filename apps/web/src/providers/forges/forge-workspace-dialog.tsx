'use client';

import { useId, useState } from 'react';
import {
  FORGE_NAMES,
  parseGiteaRepositoryUrl,
  parseGiteeRepositoryUrl,
  parseProjectUrl,
} from '@inkstone/core';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import {
  FORGE_DEFAULT_BRANCH,
  FORGE_REPO_LABELS,
  type ForgeFolder,
  forgeBranch,
  forgeFolderPath,
  forgeRepoUrlInvalid,
} from './forge-workspace-params';
import { type ForgeWorkspaceAccount, type ForgeWorkspaceProps } from './forge-workspace-types';

/** The folder a dialog's fields name on the account's server, or undefined when the
 * repository field names no repository there. */
export function readForgeWorkspaceFields(
  props: Pick<ForgeWorkspaceProps, 'forge'>,
  account: ForgeWorkspaceAccount,
  fields: { repoUrl: string; path: string; branch: string },
): ForgeFolder | undefined {
  const branch = forgeBranch(fields.branch);
  if (props.forge === 'gitee') {
    const repository = parseGiteeRepositoryUrl(fields.repoUrl, account.serverUrl);
    if (!repository) return undefined;
    return { forge: 'gitee', ...repository, branch, path: forgeFolderPath('gitee', fields.path) };
  }
  const projectPath =
    props.forge === 'gitlab'
      ? parseProjectUrl(fields.repoUrl, account.serverUrl)
      : (() => {
          const ref = parseGiteaRepositoryUrl(fields.repoUrl, account.serverUrl);
          return ref ? `${ref.owner}/${ref.repo}` : undefined;
        })();
  if (projectPath === undefined) return undefined;
  return {
    forge: props.forge,
    serverUrl: account.serverUrl,
    projectPath,
    branch,
    path: forgeFolderPath(props.forge, fields.path),
  };
}

/** The GitLab, Gitea and Gitee workspace dialog (spec providers §2 and §5): Project URL
 * (GitLab) or Repository URL, optional Folder path (the root by default), optional Branch
 * (master by default), and the account when several are linked. */
export function ForgeWorkspaceDialog({ props, resolve, reject }: DialogProps<'forgeWorkspace'>) {
  const [sub, setSub] = useState(props.accounts[0]?.sub ?? '');
  const [repoUrl, setRepoUrl] = useState('');
  const [path, setPath] = useState('');
  const [branch, setBranch] = useState('');
  const [error, setError] = useState<string | undefined>();
  const accountId = useId();
  const account = props.accounts.find((known) => known.sub === sub) ?? props.accounts[0];
  const serverUrl = account?.serverUrl ?? '';
  const label = FORGE_REPO_LABELS[props.forge];
  const submit = () => {
    const folder = account && readForgeWorkspaceFields(props, account, { repoUrl, path, branch });
    if (!account || !folder) {
      setError(forgeRepoUrlInvalid(props.forge, serverUrl));
      return;
    }
    resolve({ folder, sub: account.sub });
  };
  return (
    <Modal
      title={`Add a ${FORGE_NAMES[props.forge]} workspace`}
      onCancel={reject}
      onOk={submit}
      okLabel="Open"
    >
      <div className="form">
        <p>A folder of a repository becomes a workspace: each file is a plain .md file there.</p>
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
          label={label}
          name={props.forge === 'gitlab' ? 'projectUrl' : 'repoUrl'}
          value={repoUrl}
          required
          placeholder={`${serverUrl}/${props.forge === 'gitlab' ? 'group/project' : 'owner/repo'}`}
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
          placeholder={FORGE_DEFAULT_BRANCH}
          onChange={setBranch}
        />
      </div>
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import { useAppSelector } from '../../store';
import './github.css';

/** The githubAccount dialog (spec providers §2, host A): whether to grant access to private
 * repositories (repoFullAccess, the `repo` scope instead of `public_repo`), remembered in the
 * local settings. Ok opens GitHub's authorize window. */
export function GithubAccountDialog({ resolve, reject }: DialogProps<'githubAccount'>) {
  const remembered = useAppSelector((state) => state.localSettings.githubRepoFullAccess);
  const [repoFullAccess, setRepoFullAccess] = useState(remembered);
  return (
    <Modal title="Add GitHub account" onCancel={reject} onOk={() => resolve({ repoFullAccess })}>
      <div className="form">
        <p className="github-dialog__text">
          Inkstone opens GitHub in a new window, where you allow it to read and write your
          repositories and gists. The access token is kept in this browser only.
        </p>
        <label className="github-dialog__check">
          <input
            type="checkbox"
            checked={repoFullAccess}
            onChange={(event) => setRepoFullAccess(event.target.checked)}
          />
          <span>Grant access to your private repositories</span>
        </label>
      </div>
    </Modal>
  );
}

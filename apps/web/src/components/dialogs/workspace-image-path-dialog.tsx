'use client';

import { DEFAULT_WORKSPACE_IMAGE_PATH } from '@inkstone/core';
import { useState } from 'react';
import { runAction } from '../../services/run-action';
import { useAppDispatch, useAppSelector } from '../../store';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { TextField } from './text-field';

/** The inline error of an empty path (spec interface §5: the path is required). */
export const PATH_REQUIRED = 'Path is required.';

/** The workspaceImgPath dialog (spec interface §5): where the open workspace's inserted images
 * go, default /imgs/{YYYY}-{MM}-{DD}, absolute from the workspace's root or relative to the
 * current file's folder; kept in the workspace's local settings. */
export function WorkspaceImagePathDialog({ resolve, reject }: DialogProps<'workspaceImgPath'>) {
  const { workspace } = useAppServices();
  const dispatch = useAppDispatch();
  const saved = useAppSelector((state) => state.localSettings.workspaceImagePath);
  const [path, setPath] = useState(saved || DEFAULT_WORKSPACE_IMAGE_PATH);
  const empty = path.trim() === '';
  return (
    <Modal
      title="Workspace image path"
      onCancel={reject}
      okDisabled={empty}
      onOk={() =>
        runAction(dispatch, async () => {
          await workspace.saveLocalSettings({ workspaceImagePath: path.trim() });
          resolve();
        })
      }
    >
      <div className="form">
        <TextField
          label="Path"
          name="path"
          value={path}
          required
          error={empty ? PATH_REQUIRED : undefined}
          onChange={setPath}
        />
        <p>
          Where images pasted or inserted into this workspace&apos;s files are stored. It may be
          relative to the current file (./imgs, ../imgs, imgs). Variables: {'{YYYY}'}, {'{MM}'},{' '}
          {'{DD}'} (today&apos;s date) and {'{MDNAME}'} (the current document&apos;s name).
        </p>
      </div>
    </Modal>
  );
}

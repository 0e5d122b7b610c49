'use client';

import { useState } from 'react';
import { BackupError, exportWorkspaceFile } from '@inkstone/core';
import { downloadText, isoDate } from '../services/file-transfer';
import { runAction } from '../services/run-action';
import { LOCAL_DB_ERROR } from '../services/workspace';
import { useAppDispatch } from '../store';
import { notified } from '../store/notifications-slice';
import { useAppServices } from './app-context';
import { FilePicker } from './file-picker';
import { saveEditorFirst } from '../services/save-first';

/** The notice after a backup was imported. */
export const BACKUP_IMPORTED_MESSAGE = (files: number, folders: number) =>
  `Workspace backup imported: ${files} ${files === 1 ? 'file' : 'files'}, ${folders} ${folders === 1 ? 'folder' : 'folders'}.`;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The notice after a StackEdit workspace backup was imported: its files and folders (and a zip
 * backup's images), added to this workspace. */
export const STACKEDIT_BACKUP_IMPORTED_MESSAGE = (files: number, folders: number, images = 0) =>
  `StackEdit workspace backup imported: ${count(files, 'file', 'files')}, ${count(folders, 'folder', 'folders')}${images > 0 ? `, ${count(images, 'image', 'images')}` : ''}, added to this workspace.`;

/** The error after a StackEdit zip backup whose images.json lists images it does not hold. */
export const STACKEDIT_IMAGES_MISSING_MESSAGE = (missing: number) =>
  `${count(missing, 'image', 'images')} listed in the backup ${missing === 1 ? 'was' : 'were'} not in the zip.`;

/** The Workspace backups panel (spec interface §2 "workspaceBackups"): the whole workspace to
 * one JSON file and back (docs/concepts/backups.md). */
export function WorkspaceBackupsPanel() {
  const { workspace, editor, announcer } = useAppServices();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);

  const exportBackup = async () => {
    setBusy(true);
    try {
      await announcer.during(
        { busy: 'Exporting the workspace…', done: 'Workspace exported' },
        async () => {
          await saveEditorFirst(editor);
          const json = await exportWorkspaceFile(workspace.repo);
          downloadText(`inkstone-workspace-${isoDate()}.json`, json, 'application/json');
        },
      );
    } catch (error) {
      if (error instanceof BackupError) {
        dispatch(notified('error', error.message));
      } else {
        console.error(error);
        dispatch(notified('error', LOCAL_DB_ERROR));
      }
    } finally {
      setBusy(false);
    }
  };

  const importBackup = async (file: File) => {
    setBusy(true);
    // (Its end is said by the notification of what was imported, or of the error.)
    const announced = announcer.start('Importing the workspace backup…');
    try {
      await editor.current?.flush();
      const imported = await workspace.importAnyBackup(file);
      if ('stackedit' in imported) {
        const report = imported.stackedit;
        dispatch(
          notified(
            'info',
            STACKEDIT_BACKUP_IMPORTED_MESSAGE(
              report.files.length,
              report.folders.length,
              report.images,
            ),
          ),
        );
        if (report.skipped.length > 0) {
          dispatch(notified('error', STACKEDIT_IMAGES_MISSING_MESSAGE(report.skipped.length)));
        }
        return;
      }
      const result = imported.inkstone;
      const files = result.items.filter((item) => item.type === 'file').length;
      const folders = result.items.filter((item) => item.type === 'folder').length;
      dispatch(notified('info', BACKUP_IMPORTED_MESSAGE(files, folders)));
    } catch (error) {
      if (error instanceof BackupError) {
        dispatch(notified('error', error.message));
      } else {
        console.error(error);
        dispatch(notified('error', LOCAL_DB_ERROR));
      }
    } finally {
      announced.end();
      setBusy(false);
    }
  };

  return (
    <section className="side-panel" aria-label="Workspace backups">
      <p className="side-panel__hint">
        A backup is one file holding every file, folder, property, comment and image of this
        workspace. Importing one adds its items to this workspace, replacing those with the same
        identity. A StackEdit workspace backup is taken too: its files and folders are added.
      </p>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => runAction(dispatch, exportBackup)}
      >
        Export workspace
      </button>
      <FilePicker
        label="Import workspace"
        accept=".json,application/json,.zip,application/zip"
        busy={busy}
        onFile={importBackup}
      />
    </section>
  );
}

'use client';

import { GITHUB_PROVIDER_IDS } from '@inkstone/core';
import { useState } from 'react';
import { useStore } from 'react-redux';
import { useAppServices } from '../../components/app-context';
import {
  addForgeSync,
  FORGE_LOCATION_KINDS,
  type ForgeLocationKind,
  openForgeFile,
} from '../forges/forge-location-actions';
import { ignore } from '../../services/modals';
import { saveEditorFirst } from '../../services/save-first';
import { type AppStore, useAppDispatch, useAppSelector } from '../../store';
import { notified } from '../../store/notifications-slice';
import {
  addSyncLocation,
  describeLocation,
  importedFromGithub,
  openFromGist,
  openFromGithub,
  syncGithubLocations,
} from './file-locations';
import { useFileLocations } from './use-file-locations';
import { driveFileHandlers } from '../google-drive/drive-handlers';
import { addDriveSync, openDriveFile } from '../google-drive/drive-menu-actions';
import { dropboxAccounts } from '../dropbox/dropbox-accounts';
import { addDropboxSync, openDropboxFile } from '../dropbox/dropbox-actions';
import { dropboxHandlers } from '../dropbox/dropbox-locations';
import './locations.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The current file's own sync locations in the Synchronize panel (spec interface §2 and
 * providers §2): each listed, "Add a GitHub location", "Add a gist location", "Open from
 * GitHub", "Synchronize now" and "Manage locations" (syncManagement). In a workspace that
 * syncs, its own "Synchronize now" syncs the file's locations too (spec core §4 rule 2): the
 * section then has no button of its own.
 */
export function FileLocationsSection(props: { workspaceSyncs: boolean }) {
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const services = useSectionServices();
  const { workspace, modals, editor, settingsMessages } = services;
  const { fileId, locations, origins, reload } = useFileLocations('syncLocation');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string>();
  const fileLocations = locations.filter((location) => location.id !== 'main');

  const run = async (action: () => Promise<string | undefined>) => {
    const before = status;
    setBusy(true);
    setStatus('Synchronizing…');
    try {
      // A dialog cancelled, or a file opened: the status says what it said before.
      setStatus((await action()) ?? before);
    } catch (error) {
      console.error(error);
      setStatus(`Last synchronization failed: ${messageOf(error)}`);
      dispatch(notified('error', messageOf(error)));
    } finally {
      setBusy(false);
      reload();
    }
  };

  const syncNow = () =>
    run(async () => {
      if (!fileId) return undefined;
      // What was just typed is part of the sync.
      await saveEditorFirst(editor);
      let conflicts = 0;
      await syncGithubLocations(
        workspace.syncRepo,
        fileId,
        settingsMessages(),
        services.forgeAccounts,
        (_id, count) => {
          conflicts += count;
        },
      );
      const when = new Date().toLocaleTimeString();
      return conflicts > 0
        ? `Synchronized at ${when}, with ${conflicts} conflict(s) kept side by side in the text.`
        : `Synchronized at ${when}.`;
    });

  const addGithub = () =>
    run(async () => {
      if (!fileId) return undefined;
      const request = await modals
        .open('githubFileLocation', { purpose: 'sync', githubUrl: origins.githubUrl })
        .catch(() => undefined);
      if (!request) return undefined;
      await addSyncLocation(
        workspace.syncRepo,
        workspace.newId,
        fileId,
        GITHUB_PROVIDER_IDS.file,
        request.fields,
      );
      reload();
      return syncNowInline();
    });

  const addGist = () =>
    run(async () => {
      if (!fileId) return undefined;
      const request = await modals.open('gistLocation', { purpose: 'sync' }).catch(() => undefined);
      if (!request) return undefined;
      await addSyncLocation(
        workspace.syncRepo,
        workspace.newId,
        fileId,
        GITHUB_PROVIDER_IDS.gist,
        request.fields,
      );
      reload();
      return syncNowInline();
    });

  // A location just added syncs at once: the file goes there, or what is there comes in.
  const syncNowInline = async () => {
    if (!fileId) return undefined;
    await saveEditorFirst(editor);
    await syncGithubLocations(
      workspace.syncRepo,
      fileId,
      settingsMessages(),
      services.forgeAccounts,
    );
    return `Synchronized at ${new Date().toLocaleTimeString()}.`;
  };

  const open = () =>
    run(async () => {
      const request = await modals
        .open('githubFileLocation', { purpose: 'open', githubUrl: origins.githubUrl })
        .catch(() => undefined);
      if (!request) return undefined;
      const opened = await openFromGithub(
        workspace.syncRepo,
        workspace.newId,
        request.fields,
        settingsMessages(),
        services.forgeAccounts,
      );
      await workspace.openFile(opened.fileId);
      if (!opened.existing) dispatch(notified('info', importedFromGithub(opened.name)));
      return undefined;
    });

  const openGist = () =>
    run(async () => {
      const request = await modals.open('gistLocation', { purpose: 'open' }).catch(() => undefined);
      if (!request) return undefined;
      const opened = await openFromGist(
        workspace.syncRepo,
        workspace.newId,
        request.fields.gistId,
        request.fields.filename || undefined,
        settingsMessages(),
        services.forgeAccounts,
      );
      await workspace.openFile(opened.fileId);
      dispatch(notified('info', importedFromGithub(opened.name)));
      return undefined;
    });

  // GitLab, Gitea and Gitee (and Gitee gists): the same, through the forge's account.
  const addForge = (kind: ForgeLocationKind) =>
    run(async () => {
      if (!fileId) return undefined;
      await saveEditorFirst(editor);
      if (!(await addForgeSync(services, store, kind, fileId))) return undefined;
      reload();
      return syncNowInline();
    });

  const openForge = (forge: 'gitlab' | 'gitea' | 'gitee') =>
    run(async () => {
      const notice = await openForgeFile(services, store, forge, (id) =>
        syncGithubLocations(workspace.syncRepo, id, settingsMessages(), services.forgeAccounts),
      );
      if (notice) dispatch(notified('info', notice));
      return undefined;
    });

  // Google Drive, once its handlers are wired (drive-handlers.ts).
  const drive = driveFileHandlers();
  const driveEntries = drive
    ? ([
        [
          'Add a Google Drive location',
          () =>
            run(async () => {
              if (!fileId) return undefined;
              await saveEditorFirst(editor);
              const status = await addDriveSync(services, store, drive, fileId);
              reload();
              return status;
            }),
        ],
        [
          'Open from Google Drive',
          () =>
            run(async () => {
              await openDriveFile(services, store, drive);
              return undefined;
            }),
        ],
      ] as const)
    : [];

  // Dropbox, once its handlers are wired (dropbox-wiring.ts).
  const dropbox = dropboxHandlers();
  const dropboxLinked = dropboxAccounts();
  const dropboxEntries =
    dropbox && dropboxLinked
      ? ([
          [
            'Add a Dropbox location',
            () =>
              run(async () => {
                if (!fileId) return undefined;
                await saveEditorFirst(editor);
                const status = await addDropboxSync(
                  services,
                  store,
                  dropboxLinked,
                  dropbox,
                  fileId,
                );
                reload();
                return status;
              }),
          ],
          [
            'Open from Dropbox',
            () =>
              run(async () => {
                const notice = await openDropboxFile(services, store, dropboxLinked, dropbox);
                if (notice) dispatch(notified('info', notice));
                return undefined;
              }),
          ],
        ] as const)
      : [];

  return (
    <section className="file-locations" aria-label="File locations">
      <h3 className="side-panel__heading">This file’s locations</h3>
      {fileLocations.length === 0 ? (
        <p>This file is not synchronized with a file of GitHub or another forge, or a gist.</p>
      ) : (
        <ul className="file-locations__list" aria-label="File sync locations">
          {fileLocations.map((location) => (
            <li key={location.id} className="file-locations__item">
              {describeLocation(location, origins.githubUrl, services.forgeAccounts).description}
            </li>
          ))}
        </ul>
      )}
      {status && (
        <p role="status" aria-label="File locations status">
          {status}
        </p>
      )}
      <div className="file-locations__actions">
        {fileLocations.length > 0 && !props.workspaceSyncs && (
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() => {
              syncNow().catch(console.error);
            }}
          >
            Synchronize now
          </button>
        )}
        {(
          [
            ['Add a GitHub location', addGithub],
            ['Add a gist location', addGist],
            ['Open from GitHub', open],
            ['Open from gist', openGist],
            ...FORGE_LOCATION_KINDS.map(
              ({ kind, name }) => [`Add a ${name} location`, () => addForge(kind)] as const,
            ),
            ...(['gitlab', 'gitea', 'gitee'] as const).map(
              (forge) =>
                [
                  `Open from ${FORGE_LOCATION_KINDS.find((entry) => entry.kind === forge)!.name}`,
                  () => openForge(forge),
                ] as const,
            ),
            ...driveEntries,
            ...dropboxEntries,
          ] as const
        ).map(([label, action]) => (
          <button
            key={label}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              action().catch(console.error);
            }}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button"
          onClick={() => {
            modals.open('syncManagement').then(reload, reload).catch(ignore);
          }}
        >
          Manage locations
        </button>
      </div>
    </section>
  );
}

// The services the section uses, and the commit messages of the settings.
function useSectionServices() {
  const services = useAppServices();
  const git = useGitMessages();
  return { ...services, settingsMessages: () => git };
}

function useGitMessages() {
  const git = useAppSelector((state) => state.settings.settings.git);
  return { createFileMessage: git.createFileMessage, updateFileMessage: git.updateFileMessage };
}

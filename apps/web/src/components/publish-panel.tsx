'use client';

import { dropboxAccounts } from '../providers/dropbox/dropbox-accounts';
import { addDropboxPublish } from '../providers/dropbox/dropbox-actions';
import { dropboxHandlers } from '../providers/dropbox/dropbox-locations';
import { addWordPressPublish } from '../providers/wordpress/wordpress-actions';
import { WORDPRESS_DIALOG_TITLE } from '../providers/wordpress/wordpress-dialogs';
import { wordpressAccounts } from '../providers/wordpress/wordpress-registry';
import { useWordPressAccounts } from '../providers/wordpress/use-wordpress-accounts';
import { addZendeskPublish, ZENDESK_DIALOG_TITLES } from '../providers/zendesk/zendesk-locations';
import { zendeskRegistry } from '../providers/zendesk/zendesk-registry';
import { GITHUB_PROVIDER_IDS, NO_PUBLISH_ACCOUNT, tempFileNotPublished } from '@inkstone/core';
import { useState } from 'react';
import { useStore } from 'react-redux';
import { addForgePublish, FORGE_LOCATION_KINDS } from '../providers/forges/forge-location-actions';
import { addBloggerPublish, BLOGGER_DIALOG_TITLES } from '../providers/blogger/blogger-locations';
import { describeLocation } from '../providers/github/file-locations';
import { useFileLocations } from '../providers/github/use-file-locations';
import { addCurrentPublishLocation } from '../providers/github/publish-service';
import { requestPublish } from '../providers/github/publish-queue';
import { ignore } from '../services/modals';
import { type AppStore, useAppDispatch, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import { sortedTemplateIds } from '../templates/templates';
import { driveFileHandlers, type DriveHandlers } from '../providers/google-drive/drive-handlers';
import { addDrivePublish } from '../providers/google-drive/drive-menu-actions';
import { useAppServices } from './app-context';
import { usePublishNow } from './use-publish-now';
import '../providers/github/locations.css';

/**
 * The Publish side bar panel (spec interface §2, providers §2 and §4): the current file's
 * publish locations with "Publish now", "Publish to GitHub" and "Publish to gist" (each with its
 * Template), and "Manage publication locations" (publishManagement). A temporary file is
 * never published.
 */
export function PublishPanel() {
  const dispatch = useAppDispatch();
  const services = useAppServices();
  const store = useStore() as AppStore;
  const file = useAppSelector((root) => {
    const id = root.workspace.currentFileId;
    return id ? root.workspace.files[id] : undefined;
  });
  const templates = useAppSelector((root) => root.templates);
  const { locations, origins, reload } = useFileLocations('publishLocation');
  const { publishing, publishNow } = usePublishNow();
  const [adding, setAdding] = useState(false);
  // WordPress.com starts after the first screen: its entry shows once it has.
  useWordPressAccounts();

  if (file?.parentId === 'temp') {
    return (
      <section className="side-panel" aria-label="Publish">
        <p>{tempFileNotPublished(file.name)}</p>
      </section>
    );
  }
  const templateChoices = sortedTemplateIds(templates).map((id) => ({
    id,
    name: templates[id]!.name,
  }));

  const add = async (kind: 'github' | 'gist') => {
    setAdding(true);
    try {
      const request =
        kind === 'github'
          ? await services.modals
              .open('githubFileLocation', {
                purpose: 'publish',
                githubUrl: origins.githubUrl,
                templates: templateChoices,
              })
              .catch(() => undefined)
          : await services.modals
              .open('gistLocation', { purpose: 'publish', templates: templateChoices })
              .catch(() => undefined);
      if (!request) return;
      const providerId = kind === 'github' ? GITHUB_PROVIDER_IDS.file : GITHUB_PROVIDER_IDS.gist;
      const message = await addCurrentPublishLocation(
        services,
        store,
        providerId,
        request.templateId ?? 'styledHtml',
        { ...request.fields },
      );
      dispatch(notified('info', message));
      reload();
      // The new location is published (queued, as every publish); the others only if they
      // changed.
      await requestPublish(services, store);
    } catch (error) {
      console.error(error);
      dispatch(notified('error', error instanceof Error ? error.message : String(error)));
    } finally {
      setAdding(false);
      reload();
    }
  };

  // Adds a publish location through `ask` (a destination's dialog and account; undefined when
  // cancelled), says so, and publishes it at once, as every destination does.
  const addLocation = async (ask: () => Promise<string | undefined>) => {
    setAdding(true);
    try {
      const message = await ask();
      if (!message) return;
      dispatch(notified('info', message));
      reload();
      await requestPublish(services, store);
    } catch (error) {
      console.error(error);
      dispatch(notified('error', error instanceof Error ? error.message : String(error)));
    } finally {
      setAdding(false);
      reload();
    }
  };

  // GitLab, Gitea, Gitee and Gitee gists: the forge's account (linked first when none), its
  // dialog, then published as GitHub's are; Blogger: a Google account (linked from the dialog's
  // Ok when none can write there).
  const addForge = (
    kind: (typeof FORGE_LOCATION_KINDS)[number]['kind'] | 'bloggerPost' | 'bloggerPage',
  ) =>
    addLocation(() =>
      kind === 'bloggerPost' || kind === 'bloggerPage'
        ? addBloggerPublish(
            services,
            store,
            kind === 'bloggerPost' ? 'post' : 'page',
            templateChoices,
          )
        : addForgePublish(services, store, kind, templateChoices),
    );

  // Google Drive, once its handlers are wired (drive-handlers.ts).
  const drive = driveFileHandlers();
  const addDrive = (handlers: Pick<DriveHandlers, 'addPublishLocation'>) =>
    addLocation(async () =>
      file ? addDrivePublish(services, store, handlers, file.id, templateChoices) : undefined,
    );

  // Dropbox, once its handlers are wired (dropbox-wiring.ts).
  const dropbox = dropboxHandlers();
  const dropboxLinked = dropboxAccounts();
  const addDropbox = () =>
    addLocation(async () =>
      file && dropbox && dropboxLinked
        ? addDropboxPublish(services, store, dropboxLinked, dropbox, file.id, templateChoices)
        : undefined,
    );

  // WordPress.com, once started (wordpress-wiring.ts).
  const wordpress = wordpressAccounts();
  const addWordPress = () =>
    addLocation(async () =>
      file && wordpress
        ? addWordPressPublish(services, store, wordpress, file.id, templateChoices)
        : undefined,
    );
  // Zendesk (help-centre Z): an account linked first when there is none; a click before its
  // code has loaded waits for it.
  const addZendesk = () =>
    addLocation(async () =>
      addZendeskPublish(services, store, await zendeskRegistry.ready(), templateChoices),
    );

  // Where a file can be published, one button each (spec providers §2's publish dialogs).
  const targets: { key: string; label: string; run: () => Promise<void> }[] = [
    { key: 'github', label: 'Publish to GitHub', run: () => add('github') },
    { key: 'gist', label: 'Publish to gist', run: () => add('gist') },
    ...FORGE_LOCATION_KINDS.map(({ kind, name }) => ({
      key: kind,
      label: `Publish to ${name}`,
      run: () => addForge(kind),
    })),
    ...(['bloggerPost', 'bloggerPage'] as const).map((kind) => ({
      key: kind,
      label: BLOGGER_DIALOG_TITLES[kind === 'bloggerPost' ? 'post' : 'page'],
      run: () => addForge(kind),
    })),
    ...(drive
      ? [{ key: 'googleDrive', label: 'Publish to Google Drive', run: () => addDrive(drive) }]
      : []),
    ...(dropbox && dropboxLinked
      ? [{ key: 'dropbox', label: 'Publish to Dropbox', run: addDropbox }]
      : []),
    ...(wordpress ? [{ key: 'wordpress', label: WORDPRESS_DIALOG_TITLE, run: addWordPress }] : []),
    { key: 'zendesk', label: ZENDESK_DIALOG_TITLES.publish, run: addZendesk },
  ];

  return (
    <section className="side-panel file-locations" aria-label="Publish">
      {locations.length === 0 ? (
        <p>This file is not published anywhere yet.</p>
      ) : (
        <ul className="file-locations__list" aria-label="Publication locations">
          {locations.map((location) => {
            const { description, url } = describeLocation(
              location,
              origins.githubUrl,
              services.forgeAccounts,
            );
            const template = templates[String(location.templateId)]?.name;
            return (
              <li key={location.id} className="file-locations__item">
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {description}
                  </a>
                ) : (
                  description
                )}
                {template && <span>({template})</span>}
              </li>
            );
          })}
        </ul>
      )}
      <p className="form__hint">{NO_PUBLISH_ACCOUNT_HINT}</p>
      <div className="file-locations__actions">
        {locations.length > 0 && (
          <button
            type="button"
            className="button"
            disabled={publishing}
            aria-busy={publishing}
            onClick={publishNow}
          >
            Publish now
          </button>
        )}
        {targets.map(({ key, label, run }) => (
          <button
            key={key}
            type="button"
            className="button"
            disabled={adding}
            onClick={() => {
              run().catch(console.error);
            }}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button"
          onClick={() => {
            services.modals.open('publishManagement').then(reload, reload).catch(ignore);
          }}
        >
          Manage publication locations
        </button>
      </div>
    </section>
  );
}

// Said under the list: publishing writes with a linked GitHub account (spec interface §8 has
// 'You have to link an account to start publishing files.' for the case without one).
const NO_PUBLISH_ACCOUNT_HINT = `Publishing writes the file through a template with the account of its destination. ${NO_PUBLISH_ACCOUNT}`;

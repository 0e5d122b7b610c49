import {
  addPublishLocation,
  createGistPublisher,
  createGithubFilePublisher,
  type GithubClient,
  GITHUB_PROVIDER_IDS,
  itemIds,
  type ContentItem,
  type PublishedDocument,
  type Publisher,
  publishFile,
  type PublishReport,
} from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { exportCurrentFile } from '../../services/html-export';
import { saveEditorFirst } from '../../services/save-first';
import { type AppStore } from '../../store';
import { bloggerPublishers } from '../blogger/blogger-locations';
import { driveLocationPublishers } from '../google-drive/drive-location-providers';
import { dropboxLocationPublishers } from '../dropbox/dropbox-locations';
import { wordpressLocationPublishers } from '../wordpress/wordpress-locations';
import { zendeskPublishers } from '../zendesk/zendesk-locations';
import { forgeLocationPublishers, type ForgeLocationPort } from '../forges/forge-locations';
import { clientsBySub, locationAccount } from './file-locations';

// A publisher that publishes each location with the client of its own account.
function perAccount(
  clientFor: (sub: unknown) => Promise<GithubClient>,
  make: (client: GithubClient) => Publisher,
  commits: boolean,
): Publisher {
  return {
    commits,
    publish: async (location, document, message) =>
      make(await clientFor(location.sub)).publish(location, document, message),
  };
}

/** The publishers of this app by provider id: a GitHub repository file and a gist, and the
 * files and gists of GitLab, Gitea and Gitee written with the accounts of `forges`. Blogs and
 * drives add theirs here. */
async function publishers(
  updateFileMessage: string,
  forges: ForgeLocationPort,
  googleUrl: string,
): Promise<Record<string, Publisher>> {
  const clientFor = await clientsBySub();
  return {
    [GITHUB_PROVIDER_IDS.file]: perAccount(
      clientFor,
      (client) => createGithubFilePublisher(client, updateFileMessage),
      true,
    ),
    [GITHUB_PROVIDER_IDS.gist]: perAccount(clientFor, createGistPublisher, false),
    ...forgeLocationPublishers(forges, updateFileMessage),
    ...bloggerPublishers(googleUrl),
    ...driveLocationPublishers(),
    ...dropboxLocationPublishers(),
    ...wordpressLocationPublishers(),
    ...zendeskPublishers(),
  };
}

/**
 * Publishes the current file to its publish locations (spec providers §4) through the publish
 * engine: each location's template renders the file as the HTML export does; a commit message
 * is asked first when a repository file is to be written (Cancel publishes nothing).
 */
export async function publishCurrentFile(
  services: AppServices,
  store: AppStore,
): Promise<PublishReport> {
  const state = store.getState();
  const fileId = state.workspace.currentFileId;
  const file = fileId ? state.workspace.files[fileId] : undefined;
  if (!fileId || !file) throw new Error('No file is open.');
  const render = async (_fileId: string, templateId: string): Promise<PublishedDocument> => {
    const templates = store.getState().templates;
    const template = templates[templateId] ?? templates.styledHtml;
    if (!template) throw new Error(`The template ${templateId} is not there any more.`);
    const { fileName, result } = await exportCurrentFile(template, {
      workspace: services.workspace,
      store,
      flush: () => saveEditorFirst(services.editor),
    });
    // The properties too (saved by the export's flush): a blog post's title, tags, date, status.
    const content = await services.workspace.repo.get<ContentItem>(itemIds.content(fileId));
    return { title: fileName, content: result, properties: content?.properties ?? '' };
  };
  return publishFile(fileId, {
    repository: services.workspace.repo,
    publishers: await publishers(
      state.settings.settings.git.updateFileMessage,
      services.forgeAccounts,
      // `/conf`'s googleUrl (a stand-in's origin; empty: Google itself).
      state.server.googleUrl,
    ),
    render,
    askCommitMessage: () =>
      services.modals
        .open('commitMessage', { workspaceName: file.name, message: `Publish ${file.name}` })
        .then(
          (message) => message,
          () => undefined,
        ),
  });
}

/** Adds a publish location to the current file with the account it is written with; resolves
 * to the spec's notice ('A new publication location was added to "{name}".'). */
export async function addCurrentPublishLocation(
  services: AppServices,
  store: AppStore,
  providerId: string,
  templateId: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<string> {
  const fileId = store.getState().workspace.currentFileId;
  if (!fileId) throw new Error('No file is open.');
  const account = await locationAccount();
  const { message } = await addPublishLocation(
    services.workspace.repo,
    fileId,
    { providerId, templateId, fields: { ...fields, sub: account.sub } },
    services.workspace.newId,
  );
  return message;
}

import { describeBloggerLocation } from '../blogger/blogger-location-text';
import { describeZendeskLocation } from '../zendesk/zendesk-location-text';
import {
  createGistProvider,
  createGithubFileProvider,
  type FileLocationProvider,
  type GithubClient,
  GITHUB_NAME,
  GITHUB_PROVIDER_IDS,
  type GithubToken,
  isGistLocation,
  isGithubFileLocation,
  type ItemRepository,
  type LocationItem,
  incomingFile,
  newFileItems,
  gistFileText,
  readGist,
  readRepositoryFile,
  GIST_FILE_NOT_FOUND,
  syncFileLocations,
  withHash,
  type GithubFileFields,
  type GistFields,
} from '@inkstone/core';
import { readGithubTokens } from '../../services/github-tokens';
import {
  describeLinkedForgeLocation,
  forgeLocationProviders,
  type ForgeLocationPort,
} from '../forges/forge-locations';
import { driveLocationProviders } from '../google-drive/drive-location-providers';
import { describeDropboxLocation, dropboxLocationProviders } from '../dropbox/dropbox-locations';
import { dropboxAccounts } from '../dropbox/dropbox-registry';
import { describeWordPressLocation } from '../wordpress/wordpress-location-text';
import { delegatingLocationProvider } from '../per-account-locations';
import { browserGithubClient } from './publish-client';

/** When a GitHub location is asked for and no GitHub account is linked. */
export const SIGN_IN_WITH_GITHUB_FIRST =
  'Sign in with GitHub first: a GitHub location is written with your GitHub account.';
/** Spec interface §8: the workspace's own location cannot be removed. */
export const MAIN_LOCATION_NOT_REMOVABLE = 'This location can not be removed.';
/** Spec interface §8: after "Copy URL" of a location. */
export const LOCATION_URL_COPIED = 'Location URL copied to clipboard!';
/** Spec providers §8: a file opened from GitHub. */
export const importedFromGithub = (name: string) => `${name} was imported from ${GITHUB_NAME}.`;
/** Spec providers §8: a file that could not be opened. */
export const couldNotOpen = (path: string) => `Could not open file ${path}.`;

// (Kept in a module of its own, light enough for the first screen's publish button.)
export { fileLocations } from '../file-location-list';

// Without the app's forge accounts: gitee.com, and no server known for GitLab or Gitea.
const NO_FORGE_ACCOUNTS: Pick<ForgeLocationPort, 'giteeUrl' | 'serverUrlOf'> = {
  giteeUrl: () => 'https://gitee.com',
  serverUrlOf: () => undefined,
};

/** How the panels show a location: a line of text and its page on GitHub, or on GitLab, Gitea
 * or Gitee with the servers of the accounts in `forges` (spec interface §3). */
export function describeLocation(
  location: LocationItem,
  githubUrl: string,
  forges: Pick<ForgeLocationPort, 'giteeUrl' | 'serverUrlOf'> = NO_FORGE_ACCOUNTS,
): { description: string; url?: string } {
  if (isGithubFileLocation(location)) {
    return {
      description: `${location.owner}/${location.repo} ${location.path} (${location.branch})`,
      url: `${githubUrl}/${location.owner}/${location.repo}/blob/${encodeURIComponent(location.branch)}/${location.path
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`,
    };
  }
  if (isGistLocation(location)) {
    const url =
      typeof location.url === 'string'
        ? location.url
        : location.gistId
          ? gistPage(location.gistId, githubUrl)
          : undefined;
    return {
      description: `Gist ${location.filename}${location.isPublic ? ' (public)' : ' (secret)'}`,
      url,
    };
  }
  return (
    describeLinkedForgeLocation(location, forges) ??
    describeBloggerLocation(location) ??
    describeWordPressLocation(location) ??
    describeZendeskLocation(location) ??
    describeDropboxLocation(location, dropboxFullAccessOf) ?? { description: location.providerId }
  );
}

// Whether the linked Dropbox account `sub` has full access (undefined when it is not linked here):
// a restricted account's paths are listed inside its app folder.
const dropboxFullAccessOf = (sub: string): boolean | undefined =>
  dropboxAccounts()
    ?.current()
    .find((account) => account.sub === sub)?.fullAccess;

// A gist's page: gist.github.com for github.com, {server}/gist/{id} for an Enterprise server or
// forge-sim.
function gistPage(gistId: string, githubUrl: string): string {
  return githubUrl === 'https://github.com'
    ? `https://gist.github.com/${gistId}`
    : `${githubUrl}/gist/${gistId}`;
}

/** The GitHub account a new location is written with: the signed-in one, else the first
 * linked. Throws {@link SIGN_IN_WITH_GITHUB_FIRST} without any. */
export async function locationAccount(): Promise<GithubToken> {
  const tokens = await readGithubTokens();
  const token = tokens.find((candidate) => candidate.isLogin) ?? tokens[0];
  if (!token) throw new Error(SIGN_IN_WITH_GITHUB_FIRST);
  return token;
}

/** Adds a sync location to a file (spec providers §2 sync dialogs), with its account's sub. */
export async function addSyncLocation(
  repo: ItemRepository,
  newId: () => string,
  fileId: string,
  providerId: string,
  fields: GithubFileFields | GistFields,
): Promise<LocationItem> {
  const account = await locationAccount();
  const location = withHash<LocationItem>({
    ...fields,
    id: newId(),
    type: 'syncLocation',
    fileId,
    providerId,
    sub: account.sub,
  });
  await repo.put([location]);
  return location;
}

/** Removes a location; the workspace's own ('main') is refused (spec interface §8). */
export async function removeLocation(repo: ItemRepository, id: string): Promise<void> {
  if (id === 'main') throw new Error(MAIN_LOCATION_NOT_REMOVABLE);
  await repo.delete([id]);
}

/** A client per GitHub account (sub) a location names, read from the linked accounts. */
export async function clientsBySub(): Promise<(sub: unknown) => Promise<GithubClient>> {
  const tokens = await readGithubTokens();
  const clients = new Map<string, Promise<GithubClient>>();
  return (sub) => {
    const token = tokens.find((candidate) => candidate.sub === sub) ?? tokens[0];
    if (!token) return Promise.reject(new Error(SIGN_IN_WITH_GITHUB_FIRST));
    if (!clients.has(token.sub)) clients.set(token.sub, browserGithubClient(token.accessToken));
    return clients.get(token.sub)!;
  };
}

// A provider that writes each location with the client of its own account.
function perAccount(
  clientFor: (sub: unknown) => Promise<GithubClient>,
  make: (client: GithubClient) => FileLocationProvider,
): FileLocationProvider {
  const providers = new Map<GithubClient, FileLocationProvider>();
  const providerOf = async (location: LocationItem) => {
    const client = await clientFor(location.sub);
    if (!providers.has(client)) providers.set(client, make(client));
    return providers.get(client)!;
  };
  return delegatingLocationProvider(providerOf);
}

/** Syncs a file with its GitHub and gist locations, those of GitLab, Gitea and Gitee
 * written with the accounts of `forges`, and its Google Drive files (spec core §4 rule 2): the location's
 * changes come in, merged with those made here, and what is new here goes out. Every caller (the
 * panel, the sync service, the Drive handlers, the opens) passes `workspace.syncRepo`: core runs
 * one sync of a file's locations at a time per connection, so a second call waits for the first. */
export async function syncGithubLocations(
  repo: ItemRepository,
  fileId: string,
  messages: { createFileMessage: string; updateFileMessage: string },
  forges: ForgeLocationPort,
  onConflict?: (fileId: string, conflicts: number) => void,
): Promise<void> {
  await syncFileLocations(fileId, {
    repository: repo,
    onConflict,
    providers: await fileLocationProviders(repo, messages, forges),
  });
}

/** The sync providers of every kind of file location, by provider id, each location reached
 * with its own account: GitHub files and gists, GitLab, Gitea and Gitee files (the accounts of
 * `forges`), Drive and Dropbox files. */
export async function fileLocationProviders(
  repo: ItemRepository,
  messages: { createFileMessage: string; updateFileMessage: string },
  forges: ForgeLocationPort,
): Promise<Record<string, FileLocationProvider>> {
  const clientFor = await clientsBySub();
  return {
    [GITHUB_PROVIDER_IDS.file]: perAccount(clientFor, (client) =>
      createGithubFileProvider({ client, repository: repo, messages }),
    ),
    [GITHUB_PROVIDER_IDS.gist]: perAccount(clientFor, (client) =>
      createGistProvider({ client, repository: repo }),
    ),
    ...forgeLocationProviders(forges, repo, messages),
    ...driveLocationProviders(repo),
    ...dropboxLocationProviders(repo),
  };
}

/**
 * Opens a file of a GitHub repository as a new file (spec providers §4 "Opening a file"): the
 * file already opened from that location is returned as it is; otherwise the file is read, a
 * new file named after the last path segment without extension holds its text, and a sync
 * location links them. Throws 'Could not open file {path}.' when it cannot be read.
 */
export async function openFromGithub(
  repo: ItemRepository,
  newId: () => string,
  fields: GithubFileFields,
  messages: { createFileMessage: string; updateFileMessage: string },
  forges: ForgeLocationPort,
): Promise<{ fileId: string; name: string; existing: boolean }> {
  const same = ((await repo.getAll('syncLocation')) as LocationItem[]).find(
    (location) =>
      isGithubFileLocation(location) &&
      location.owner === fields.owner &&
      location.repo === fields.repo &&
      location.branch === fields.branch &&
      location.path === fields.path,
  );
  if (same) {
    const file = await repo.get<{ name: string; parentId: string | null } & LocationItem>(
      same.fileId,
    );
    if (file && file.parentId !== 'trash') {
      return { fileId: same.fileId, name: file.name, existing: true };
    }
  }
  const account = await locationAccount();
  let text: string;
  try {
    const file = await readRepositoryFile(await browserGithubClient(account.accessToken), fields);
    if (!file) throw new Error('Not found');
    text = file.text;
  } catch (error) {
    console.error(error);
    throw new Error(couldNotOpen(fields.path));
  }
  const segment = fields.path.split('/').pop() ?? fields.path;
  const dot = segment.lastIndexOf('.');
  const name = dot > 0 ? segment.slice(0, dot) : segment;
  const [file, content, state] = newFileItems(newId, { name, ...incomingFile(text) });
  const location = withHash<LocationItem>({
    ...fields,
    id: newId(),
    type: 'syncLocation',
    fileId: file.id,
    providerId: GITHUB_PROVIDER_IDS.file,
    sub: account.sub,
  });
  await repo.put([file, content, state, location]);
  // A first sync with what was just read: the location's version becomes the one both sides
  // share, so the next sync merges from it (without it, the first edit on either side would
  // be merged from nothing, a conflict).
  await syncGithubLocations(repo, file.id, messages, forges);
  return { fileId: file.id, name: file.name, existing: false };
}

/**
 * Opens a file of a gist as a new file (spec providers §2 gist open dialog: Gist ID): the file
 * named `filename`, else the gist's first markdown file, else its first file; 'Gist file not
 * found.' when the gist or that file is not there. The new file is linked to it by a sync
 * location and synced once, as {@link openFromGithub} does.
 */
export async function openFromGist(
  repo: ItemRepository,
  newId: () => string,
  gistId: string,
  filename: string | undefined,
  messages: { createFileMessage: string; updateFileMessage: string },
  forges: ForgeLocationPort,
): Promise<{ fileId: string; name: string }> {
  const account = await locationAccount();
  const client = await browserGithubClient(account.accessToken);
  const gist = await readGist(client, gistId);
  const names = Object.keys(gist.files).filter((name) => gist.files[name]);
  const chosen = filename
    ? names.find((name) => name === filename)
    : (names.find((name) => /\.(md|markdown)$/i.test(name)) ?? names[0]);
  // A file past 1 MB, which GitHub truncates in the gist, is read whole from its raw_url.
  const text = chosen ? await gistFileText(client, gist, chosen) : undefined;
  if (!chosen || text === undefined) throw new Error(GIST_FILE_NOT_FOUND);
  const dot = chosen.lastIndexOf('.');
  const [item, content, state] = newFileItems(newId, {
    name: dot > 0 ? chosen.slice(0, dot) : chosen,
    ...incomingFile(text),
  });
  const location = withHash<LocationItem>({
    id: newId(),
    type: 'syncLocation',
    fileId: item.id,
    providerId: GITHUB_PROVIDER_IDS.gist,
    gistId,
    filename: chosen,
    isPublic: gist.public,
    sub: account.sub,
  });
  await repo.put([item, content, state, location]);
  await syncGithubLocations(repo, item.id, messages, forges);
  return { fileId: item.id, name: item.name };
}

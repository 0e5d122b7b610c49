import { delegatingLocationProvider } from '../per-account-locations';
import {
  createGiteaFileProvider,
  createGiteaFilePublisher,
  createGiteeFileProvider,
  createGiteeFilePublisher,
  createGiteeGistProvider,
  createGiteeGistPublisher,
  createGitlabFileProvider,
  createGitlabFilePublisher,
  type FileLocationProvider,
  FORGE_NAMES,
  type ForgeId,
  type ForgeTokens,
  giteaApiUrl,
  GiteaClient,
  giteaRepositoryWebUrl,
  GiteeClient,
  giteeRepositoryWebUrl,
  GITEA_PROVIDER_IDS,
  GITEE_PROVIDER_IDS,
  GitlabClient,
  gitlabProjectId,
  GITLAB_PROVIDER_IDS,
  isGiteaFileLocation,
  isGiteeFileLocation,
  isGiteeGistLocation,
  isGitlabFileLocation,
  type ItemRepository,
  type LocationItem,
  lookUpGiteaRepository,
  incomingFile,
  newFileItems,
  NoForgeAccountError,
  projectWebUrl,
  type Publisher,
  readGiteaFile,
  readGiteeFile,
  readGitlabProjectFile,
  splitProjectPath,
  withHash,
} from '@inkstone/core';
import { browserHttpClient } from '../../services/browser-http';

/** What the forge locations need of the app: fresh tokens, Gitee's web origin (`/conf`) and
 * the linked accounts' servers. `services.forgeAccounts` is one; the sync and publish code is
 * given it by its caller. */
export interface ForgeLocationPort {
  fresh<F extends ForgeId>(forge: F, sub: string): Promise<ForgeTokens[F]>;
  giteeUrl(): string;
  /** The server of a linked GitLab or Gitea account (undefined once unlinked). */
  serverUrlOf(forge: ForgeId, sub: string): string | undefined;
}

/** The commit messages of the settings. */
export interface CommitMessages {
  createFileMessage: string;
  updateFileMessage: string;
}

/** A forge's client and what it is signed with. */
type ClientOf = { gitlab: GitlabClient; gitea: GiteaClient; gitee: GiteeClient };

/** Spec providers §8-like words when a location's forge has no account in this browser. */
export const linkForgeFirst = (forge: ForgeId) =>
  `Link a ${FORGE_NAMES[forge]} account first: a ${FORGE_NAMES[forge]} location is written with your ${FORGE_NAMES[forge]} account.`;

/** Which forge a location's provider id belongs to, for the location kinds of this module. */
export function forgeOfLocation(providerId: string): ForgeId | undefined {
  if (providerId === GITLAB_PROVIDER_IDS.file) return 'gitlab';
  if (providerId === GITEA_PROVIDER_IDS.file) return 'gitea';
  if (providerId === GITEE_PROVIDER_IDS.file || providerId === GITEE_PROVIDER_IDS.gist) {
    return 'gitee';
  }
  return undefined;
}

/** The provider id of a forge's repository-file location. */
export const FORGE_FILE_PROVIDER_IDS: Record<ForgeId, string> = {
  gitlab: GITLAB_PROVIDER_IDS.file,
  gitea: GITEA_PROVIDER_IDS.file,
  gitee: GITEE_PROVIDER_IDS.file,
};

/** A client of the forge's REST API signed with a token made fresh now (spec core §4: more
 * than 5 minutes to live, refreshed or signed in again otherwise). */
export async function forgeClient<F extends ForgeId>(
  port: ForgeLocationPort,
  forge: F,
  sub: string,
): Promise<ClientOf[F]> {
  let token: ForgeTokens[F];
  try {
    token = await port.fresh(forge, sub);
  } catch (error) {
    // The location's account is not (or no longer) linked in this browser.
    if (error instanceof NoForgeAccountError) throw new Error(linkForgeFirst(forge));
    throw error;
  }
  return makeClient(forge, token, port.giteeUrl());
}

function makeClient<F extends ForgeId>(
  forge: F,
  token: ForgeTokens[F],
  giteeUrl: string,
): ClientOf[F] {
  const accessToken = token.accessToken;
  if (forge === 'gitlab') {
    const serverUrl = (token as ForgeTokens['gitlab']).serverUrl;
    return new GitlabClient({
      http: browserHttpClient(),
      serverUrl,
      token: accessToken,
    }) as ClientOf[F];
  }
  if (forge === 'gitea') {
    const serverUrl = (token as ForgeTokens['gitea']).serverUrl;
    return new GiteaClient({
      http: browserHttpClient(),
      apiUrl: giteaApiUrl(serverUrl),
      token: accessToken,
    }) as ClientOf[F];
  }
  return new GiteeClient({
    http: browserHttpClient(),
    apiUrl: `${giteeUrl.replace(/\/+$/, '')}/api/v5`,
    token: accessToken,
  }) as ClientOf[F];
}

// A provider per account, made on its first use in this run with a fresh token (a run is one
// sync: the provider keeps what it read between the download and the upload).
function perAccount<F extends ForgeId>(
  port: ForgeLocationPort,
  forge: F,
  make: (client: ClientOf[F]) => FileLocationProvider,
): FileLocationProvider {
  const providers = new Map<string, Promise<FileLocationProvider>>();
  const providerOf = (location: LocationItem) => {
    const sub = subOf(location);
    if (!providers.has(sub)) providers.set(sub, forgeClient(port, forge, sub).then(make));
    return providers.get(sub)!;
  };
  return delegatingLocationProvider(providerOf);
}

/** The sync providers of GitLab, Gitea and Gitee file locations and Gitee gists, by provider
 * id, for `syncFileLocations` (one set per sync), writing with the accounts of `port`. */
export function forgeLocationProviders(
  port: ForgeLocationPort,
  repository: ItemRepository,
  messages: CommitMessages,
): Record<string, FileLocationProvider> {
  return {
    [GITLAB_PROVIDER_IDS.file]: perAccount(port, 'gitlab', (client) =>
      createGitlabFileProvider({ client, repository, messages }),
    ),
    [GITEA_PROVIDER_IDS.file]: perAccount(port, 'gitea', (client) =>
      createGiteaFileProvider({ client, repository, messages }),
    ),
    [GITEE_PROVIDER_IDS.file]: perAccount(port, 'gitee', (client) =>
      createGiteeFileProvider({ client, repository, messages }),
    ),
    [GITEE_PROVIDER_IDS.gist]: perAccount(port, 'gitee', (client) =>
      createGiteeGistProvider({ client, repository }),
    ),
  };
}

// A publisher that publishes each location with a fresh token of its own account.
function publisherPerAccount<F extends ForgeId>(
  port: ForgeLocationPort,
  forge: F,
  make: (client: ClientOf[F]) => Publisher,
  commits: boolean,
): Publisher {
  return {
    commits,
    publish: async (location, document, message) =>
      make(await forgeClient(port, forge, subOf(location))).publish(location, document, message),
  };
}

/** The publishers of GitLab, Gitea and Gitee files and Gitee gists, by provider id, writing
 * with the accounts of `port`. */
export function forgeLocationPublishers(
  port: ForgeLocationPort,
  updateFileMessage: string,
): Record<string, Publisher> {
  return {
    [GITLAB_PROVIDER_IDS.file]: publisherPerAccount(
      port,
      'gitlab',
      (client) => createGitlabFilePublisher(client, updateFileMessage),
      true,
    ),
    [GITEA_PROVIDER_IDS.file]: publisherPerAccount(
      port,
      'gitea',
      (client) => createGiteaFilePublisher(client, updateFileMessage),
      true,
    ),
    [GITEE_PROVIDER_IDS.file]: publisherPerAccount(
      port,
      'gitee',
      (client) => createGiteeFilePublisher(client, updateFileMessage),
      true,
    ),
    [GITEE_PROVIDER_IDS.gist]: publisherPerAccount(port, 'gitee', createGiteeGistPublisher, false),
  };
}

// The account a location is written with (its `sub`).
const subOf = (location: LocationItem) => (typeof location.sub === 'string' ? location.sub : '');

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** How the panels show a forge location: a line of text and the file's page on the forge
 * (spec interface §3); undefined for a location of another provider. `serverUrlOf` gives a
 * GitLab or Gitea account's server from its sub. */
export function describeForgeLocation(
  location: LocationItem,
  giteeUrl: string,
  serverUrlOf: (forge: ForgeId, sub: string) => string | undefined,
): { description: string; url?: string } | undefined {
  const sub = subOf(location);
  if (isGitlabFileLocation(location)) {
    const server = serverUrlOf('gitlab', sub);
    return {
      description: `GitLab ${location.projectPath} ${location.path} (${location.branch})`,
      url: server
        ? `${projectWebUrl(location.projectPath, server)}/-/blob/${encodeURIComponent(location.branch)}/${encodePath(location.path)}`
        : undefined,
    };
  }
  if (isGiteaFileLocation(location)) {
    const server = serverUrlOf('gitea', sub);
    const ref = splitProjectPath(location.projectPath);
    return {
      description: `Gitea ${location.projectPath} ${location.path} (${location.branch})`,
      url:
        server && ref
          ? `${giteaRepositoryWebUrl(ref, server)}/src/branch/${encodeURIComponent(location.branch)}/${encodePath(location.path)}`
          : undefined,
    };
  }
  if (isGiteeFileLocation(location)) {
    return {
      description: `Gitee ${location.owner}/${location.repo} ${location.path} (${location.branch})`,
      url: `${giteeRepositoryWebUrl(location, giteeUrl)}/blob/${encodeURIComponent(location.branch)}/${encodePath(location.path)}`,
    };
  }
  if (isGiteeGistLocation(location)) {
    // Gitee's gist page is under its owner's login (`/{login}/codes/{id}`): the link is the
    // one Gitee gave when the gist was published, none before.
    return {
      description: `Gitee gist ${location.filename}${location.isPublic ? ' (public)' : ' (secret)'}`,
      url: typeof location.url === 'string' ? location.url : undefined,
    };
  }
  return undefined;
}

/** {@link describeForgeLocation} with the app's accounts and Gitee origin. */
export function describeLinkedForgeLocation(
  location: LocationItem,
  port: Pick<ForgeLocationPort, 'giteeUrl' | 'serverUrlOf'>,
): { description: string; url?: string } | undefined {
  return describeForgeLocation(location, port.giteeUrl(), (forge, sub) =>
    port.serverUrlOf(forge, sub),
  );
}

/** The fields a forge's file dialog gives, before the ids looked up on the forge. */
export type ForgeFileFields =
  | { forge: 'gitlab'; projectPath: string; branch: string; path: string }
  | { forge: 'gitea'; projectPath: string; branch: string; path: string }
  | { forge: 'gitee'; owner: string; repo: string; branch: string; path: string };

/** The location fields of spec providers §3 for a dialog's fields, with the project's id read
 * from the forge (GitLab's projectId, Gitea's id; Gitee has none). */
export async function locationFields(
  port: ForgeLocationPort,
  fields: ForgeFileFields,
  sub: string,
): Promise<Record<string, unknown>> {
  const { forge, ...rest } = fields;
  if (forge === 'gitlab') {
    const client = await forgeClient(port, 'gitlab', sub);
    return { ...rest, projectId: await gitlabProjectId(client, fields.projectPath) };
  }
  if (forge === 'gitea') {
    const client = await forgeClient(port, 'gitea', sub);
    const { projectId } = await lookUpGiteaRepository(client, fields.projectPath);
    return { ...rest, projectId };
  }
  return rest;
}

/** Adds a sync location of a forge to a file, written with account `sub`. */
export async function addForgeSyncLocation(
  repo: ItemRepository,
  newId: () => string,
  fileId: string,
  providerId: string,
  sub: string,
  fields: Record<string, unknown>,
): Promise<LocationItem> {
  const location = withHash<LocationItem>({
    ...fields,
    id: newId(),
    type: 'syncLocation',
    fileId,
    providerId,
    sub,
  });
  await repo.put([location]);
  return location;
}

/** Spec providers §8: a file that could not be opened. */
export const couldNotOpenFile = (path: string) => `Could not open file ${path}.`;
/** Spec providers §8: a file opened from a forge. */
export const importedFrom = (name: string, forge: ForgeId) =>
  `${name} was imported from ${FORGE_NAMES[forge]}.`;

/**
 * Opens a file of a forge's repository as a new file (spec providers §4 "Opening a file"): the
 * file already opened from that location is returned as it is; otherwise it is read with a
 * fresh token of account `sub` (from `port`), a new file named after its last path segment without extension
 * holds its text, a sync location links them, and `syncOnce` makes the location's version the
 * one both sides share. Throws 'Could not open file {path}.' when it cannot be read.
 */
export async function openFromForge(
  port: ForgeLocationPort,
  repo: ItemRepository,
  newId: () => string,
  fields: ForgeFileFields,
  sub: string,
  syncOnce: (fileId: string) => Promise<void>,
): Promise<{ fileId: string; name: string; existing: boolean }> {
  const providerId = FORGE_FILE_PROVIDER_IDS[fields.forge];
  const { forge: _forge, ...wanted } = fields;
  const same = ((await repo.getAll('syncLocation')) as LocationItem[]).find(
    (location) =>
      location.providerId === providerId &&
      Object.entries(wanted).every(([key, value]) => location[key] === value),
  );
  if (same) {
    const file = await repo.get<{ name: string; parentId: string | null } & LocationItem>(
      same.fileId,
    );
    if (file && file.parentId !== 'trash') {
      return { fileId: same.fileId, name: file.name, existing: true };
    }
  }
  let text: string;
  let located: Record<string, unknown>;
  try {
    located = await locationFields(port, fields, sub);
    const file = await readForgeFile(port, fields, located, sub);
    if (!file) throw new Error('Not found');
    text = file.text;
  } catch (error) {
    console.error(error);
    throw new Error(couldNotOpenFile(fields.path));
  }
  const segment = fields.path.split('/').pop() ?? fields.path;
  const dot = segment.lastIndexOf('.');
  const name = dot > 0 ? segment.slice(0, dot) : segment;
  const [file, content, state] = newFileItems(newId, { name, ...incomingFile(text) });
  const location = withHash<LocationItem>({
    ...located,
    id: newId(),
    type: 'syncLocation',
    fileId: file.id,
    providerId,
    sub,
  });
  await repo.put([file, content, state, location]);
  await syncOnce(file.id);
  return { fileId: file.id, name: file.name, existing: false };
}

async function readForgeFile(
  port: ForgeLocationPort,
  fields: ForgeFileFields,
  located: Record<string, unknown>,
  sub: string,
): Promise<{ text: string } | null> {
  if (fields.forge === 'gitlab') {
    return readGitlabProjectFile(await forgeClient(port, 'gitlab', sub), {
      projectPath: fields.projectPath,
      projectId: typeof located.projectId === 'string' ? located.projectId : '',
      branch: fields.branch,
      path: fields.path,
    });
  }
  if (fields.forge === 'gitea') return readGiteaFile(await forgeClient(port, 'gitea', sub), fields);
  return readGiteeFile(await forgeClient(port, 'gitee', sub), fields);
}

import { type ForgeTokens } from '@inkstone/core';
import { registerImageStorageKind } from '../../images/image-storages';
import { browserHttpClient } from '../../services/browser-http';
import { readGithubTokens } from '../../services/github-tokens';
import { type AppStore } from '../../store';
import { IMAGE_BED_PROVIDER_IDS, ImageBeds, type ImageBedsOptions } from './image-beds';
import { imageBedsRegistry } from './image-beds-registry';
import { browserImageBedTokens } from './image-bed-tokens';

/** What the image beds need of the browser and of the Gitea accounts. */
export interface ImageBedPorts extends Pick<ImageBedsOptions, 'timers' | 'signal'> {
  /** A Gitea account's token, made fresh (the forge accounts' `fresh`). */
  freshGitea(sub: string): Promise<ForgeTokens['gitea']>;
}

/**
 * Starts the image beds after the first screen: read from the tokens item, registered for Manage
 * external accounts, and each kind registered as an image storage for the Insert image dialog.
 * Gives the undoing.
 */
export function startImageBeds(store: AppStore, ports: ImageBedPorts): () => void {
  const beds = new ImageBeds({
    tokens: browserImageBedTokens,
    http: browserHttpClient(),
    timers: ports.timers,
    ...(ports.signal ? { signal: ports.signal } : {}),
    github: () => {
      const { githubUrl, githubApiUrl } = store.getState().server;
      return { githubUrl, githubApiUrl };
    },
    githubAccounts: () => store.getState().accounts.github,
    giteaAccounts: () => store.getState().accounts.forges.gitea,
    githubToken: async (sub) =>
      (await readGithubTokens()).find((token) => token.sub === sub)?.accessToken,
    giteaToken: async (sub) => {
      const token = await ports.freshGitea(sub);
      return { accessToken: token.accessToken, serverUrl: token.serverUrl };
    },
  });
  imageBedsRegistry.register(beds);
  for (const providerId of IMAGE_BED_PROVIDER_IDS) {
    registerImageStorageKind(providerId, {
      options: () => beds.storageOptions(providerId),
      bed: (choice) => beds.bed(choice),
    });
  }
  beds.load().catch((error: unknown) => console.error('Reading the image beds failed.', error));
  return () => {
    beds.close();
    imageBedsRegistry.register(undefined);
  };
}

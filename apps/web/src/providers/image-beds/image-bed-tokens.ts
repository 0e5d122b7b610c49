import {
  type CustomBedAccount,
  type GiteaImageStorage,
  type GithubImageStorage,
  type ItemRepository,
  type SmmsAccount,
} from '@inkstone/core';
import { withMainDatabase } from '../../services/github-tokens';
import { readProviderTokens, updateProviderTokens } from '../../services/provider-tokens';

/** The keys of the image beds in the main workspace's `tokens` item. */
export const SMMS_TOKENS_KEY = 'smms';
export const CUSTOM_BED_TOKENS_KEY = 'customImgBed';
/** The repository storages of the GitHub and Gitea accounts (spec providers §3 `imgStorages`),
 * kept apart from the forge tokens (which a new sign-in replaces whole), one entry each by
 * `{providerId}:{sub}:{sid}`. */
export const IMAGE_STORAGES_KEY = 'imgStorages';

/** A repository storage as stored: whose (the forge and account) and the storage's fields. */
export type StoredImageStorage =
  | ({ forge: 'github'; sub: string } & GithubImageStorage)
  | ({ forge: 'gitea'; sub: string } & GiteaImageStorage);

const text = (value: unknown) => typeof value === 'string';
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

export function isSmmsAccount(value: unknown): value is SmmsAccount {
  const v = record(value);
  return (
    !!v && ['proxyUrl', 'accessToken', 'name', 'sub'].every((key) => text(v[key])) && v.sub !== ''
  );
}

export function isCustomBedAccount(value: unknown): value is CustomBedAccount {
  const v = record(value);
  return (
    !!v &&
    [
      'name',
      'sub',
      'uploadUrl',
      'fileParamName',
      'customHeaders',
      'customParams',
      'resultUrlParam',
    ].every((key) => text(v[key])) &&
    v.sub !== ''
  );
}

export function isStoredImageStorage(value: unknown): value is StoredImageStorage {
  const v = record(value);
  if (!v || !['sub', 'sid', 'path', 'branch'].every((key) => text(v[key]))) return false;
  if (v.forge === 'github') return text(v.owner) && text(v.repo);
  return v.forge === 'gitea' && text(v.repoUri);
}

export const storageKey = (storage: Pick<StoredImageStorage, 'forge' | 'sub' | 'sid'>) =>
  `${storage.forge}:${storage.sub}:${storage.sid}`;

/** Everything the image beds keep. */
export interface ImageBedData {
  smms: SmmsAccount[];
  custom: CustomBedAccount[];
  storages: StoredImageStorage[];
}

/** Where the image beds are kept: the main workspace's `tokens` item (never localStorage, a URL
 * or a log). */
export interface ImageBedTokenStore {
  read(): Promise<ImageBedData>;
  /** Adds or replaces (same sub) an SM.MS account. */
  writeSmms(account: SmmsAccount): Promise<void>;
  /** Adds or replaces (same custom ID) a custom bed. */
  writeCustom(account: CustomBedAccount): Promise<void>;
  writeStorage(storage: StoredImageStorage): Promise<void>;
  /** Removes the entry `id` (a sub, or a storage's key) under `key`. */
  remove(key: string, id: string): Promise<void>;
}

export async function readImageBedsFrom(repo: ItemRepository): Promise<ImageBedData> {
  return {
    smms: await readProviderTokens(repo, SMMS_TOKENS_KEY, isSmmsAccount),
    custom: await readProviderTokens(repo, CUSTOM_BED_TOKENS_KEY, isCustomBedAccount),
    storages: await readProviderTokens(repo, IMAGE_STORAGES_KEY, isStoredImageStorage),
  };
}

export const writeEntryTo = (repo: ItemRepository, key: string, id: string, value: unknown) =>
  updateProviderTokens(repo, key, (entries) => {
    entries[id] = value;
    return true;
  });

export const removeEntryFrom = (repo: ItemRepository, key: string, id: string) =>
  updateProviderTokens(repo, key, (entries) => {
    if (!(id in entries)) return false;
    delete entries[id];
    return true;
  });

/** The browser's store: the main workspace's database, opened for each call. */
export const browserImageBedTokens: ImageBedTokenStore = {
  read: () => withMainDatabase(readImageBedsFrom),
  writeSmms: (account) =>
    withMainDatabase((repo) => writeEntryTo(repo, SMMS_TOKENS_KEY, account.sub, account)),
  writeCustom: (account) =>
    withMainDatabase((repo) => writeEntryTo(repo, CUSTOM_BED_TOKENS_KEY, account.sub, account)),
  writeStorage: (storage) =>
    withMainDatabase((repo) =>
      writeEntryTo(repo, IMAGE_STORAGES_KEY, storageKey(storage), storage),
    ),
  remove: (key, id) => withMainDatabase((repo) => removeEntryFrom(repo, key, id)),
};

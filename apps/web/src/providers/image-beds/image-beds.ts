import {
  type ChangeSignal,
  checkGiteaRepositoryPublic,
  checkGithubRepositoryPublic,
  CUSTOM_IMAGE_BED_PROVIDER_ID,
  type CustomBedAccount,
  type CustomBedForm,
  CustomImageBed,
  GITEA_IMAGE_STORAGE_PROVIDER_ID,
  giteaApiUrl,
  GiteaClient,
  GiteaImageBed,
  GITHUB_IMAGE_STORAGE_PROVIDER_ID,
  GithubClient,
  GithubImageBed,
  type HttpClient,
  type ImageBed,
  type ImageRepositoryForm,
  type ImageStorageChoice,
  readCustomBedForm,
  readGiteaImageRepositoryForm,
  readGithubImageRepositoryForm,
  readSmmsForm,
  type SmmsAccount,
  SmmsClient,
  type SmmsForm,
  SMMS_PROVIDER_ID,
  type Timers,
} from '@inkstone/core';
import { type ImageStorageOption } from '../../images/image-storages';
import {
  CUSTOM_BED_TOKENS_KEY,
  IMAGE_STORAGES_KEY,
  type ImageBedData,
  type ImageBedTokenStore,
  SMMS_TOKENS_KEY,
  type StoredImageStorage,
  storageKey,
} from './image-bed-tokens';

/** A linked GitHub or Gitea account as the image beds see it. */
export interface ForgeAccountRef {
  sub: string;
  name: string;
  serverUrl?: string;
}

/** What the image beds need of the page. */
export interface ImageBedsOptions {
  tokens: ImageBedTokenStore;
  http: HttpClient;
  timers: Timers;
  signal?: ChangeSignal;
  /** `/conf`'s GitHub origins. */
  github(): { githubUrl: string; githubApiUrl: string };
  githubAccounts(): ForgeAccountRef[];
  giteaAccounts(): ForgeAccountRef[];
  /** A GitHub account's access token, undefined once it is unlinked. */
  githubToken(sub: string): Promise<string | undefined>;
  /** A Gitea account's fresh token and server. */
  giteaToken(sub: string): Promise<{ accessToken: string; serverUrl: string }>;
  /** SM.MS's API address (SM.MS's own unless a test says otherwise). */
  smmsApiUrl?: string;
  random?: () => number;
}

const EMPTY: ImageBedData = { smms: [], custom: [], storages: [] };

/** The account a GitHub or Gitea image storage belongs to is not linked any more. */
export const imageStorageAccountMissing = (forge: string, sub: string) =>
  `The ${forge} account of this image bed (${sub}) is not linked in this browser.`;

/** A short label of a repository storage, as the chooser and the account list show it. */
export const storageLabel = (storage: StoredImageStorage) =>
  `${storage.forge === 'github' ? `${storage.owner}/${storage.repo}` : storage.repoUri} (${storage.path}, ${storage.branch})`;

/**
 * The image beds linked in this browser (spec providers §2, §3): SM.MS accounts, custom beds,
 * and public repositories of the linked GitHub and Gitea accounts; each a storage the Insert
 * image dialog offers, and the bed that uploads to it.
 */
export class ImageBeds {
  private data: ImageBedData = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly options: ImageBedsOptions) {
    this.unsubscribe =
      options.signal?.subscribe(() => {
        this.load().catch((error: unknown) => console.error(error));
      }) ?? (() => {});
  }

  close(): void {
    this.unsubscribe();
  }

  current(): ImageBedData {
    return this.data;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async load(): Promise<void> {
    this.data = await this.options.tokens.read();
    for (const listener of this.listeners) listener();
  }

  private async changed(): Promise<void> {
    await this.load();
    this.options.signal?.publish(this.options.timers.now());
  }

  private smmsClient(account: Pick<SmmsAccount, 'proxyUrl' | 'accessToken'>) {
    return new SmmsClient({
      http: this.options.http,
      proxyUrl: account.proxyUrl,
      accessToken: account.accessToken,
      ...(this.options.smmsApiUrl ? { apiUrl: this.options.smmsApiUrl } : {}),
    });
  }

  /** Links an SM.MS account: the dialog checked, then its profile read (its name). Throws
   * SmmsFieldError, or 'Failed to obtain SM.MS personal information...'. */
  async linkSmms(form: SmmsForm): Promise<SmmsAccount> {
    const fields = readSmmsForm(form);
    const { username } = await this.smmsClient(fields).profile();
    const account = { ...fields, name: username, sub: username };
    await this.options.tokens.writeSmms(account);
    await this.changed();
    return account;
  }

  /** Adds a custom bed; one with the same custom ID is replaced (spec providers §5). */
  async addCustom(form: CustomBedForm): Promise<CustomBedAccount> {
    const account = readCustomBedForm(form);
    await this.options.tokens.writeCustom(account);
    await this.changed();
    return account;
  }

  private newSid(): string {
    const random = this.options.random ?? Math.random;
    return Array.from({ length: 8 }, () => Math.floor(random() * 36).toString(36)).join('');
  }

  private async githubClient(sub: string): Promise<GithubClient> {
    const token = await this.options.githubToken(sub);
    if (token === undefined) throw new Error(imageStorageAccountMissing('GitHub', sub));
    return new GithubClient({
      http: this.options.http,
      apiUrl: this.options.github().githubApiUrl,
      token,
    });
  }

  private async giteaClient(sub: string): Promise<{ client: GiteaClient; serverUrl: string }> {
    const { accessToken, serverUrl } = await this.options.giteaToken(sub);
    return {
      client: new GiteaClient({
        http: this.options.http,
        apiUrl: giteaApiUrl(serverUrl),
        token: accessToken,
      }),
      serverUrl,
    };
  }

  /** Adds a public repository of GitHub account `sub` as a bed; 'The repository URL used as a
   * image bed must be a public repository!' when it is not. */
  async addGithubStorage(sub: string, form: ImageRepositoryForm): Promise<StoredImageStorage> {
    const fields = readGithubImageRepositoryForm(
      form,
      this.options.github().githubUrl,
      this.newSid(),
    );
    await checkGithubRepositoryPublic(await this.githubClient(sub), fields.owner, fields.repo);
    const storage: StoredImageStorage = { forge: 'github', sub, ...fields };
    await this.options.tokens.writeStorage(storage);
    await this.changed();
    return storage;
  }

  /** The same for Gitea account `sub`. */
  async addGiteaStorage(sub: string, form: ImageRepositoryForm): Promise<StoredImageStorage> {
    const { client, serverUrl } = await this.giteaClient(sub);
    const fields = readGiteaImageRepositoryForm(form, serverUrl, this.newSid());
    await checkGiteaRepositoryPublic(client, fields.repoUri);
    const storage: StoredImageStorage = { forge: 'gitea', sub, ...fields };
    await this.options.tokens.writeStorage(storage);
    await this.changed();
    return storage;
  }

  async removeSmms(sub: string): Promise<void> {
    await this.options.tokens.remove(SMMS_TOKENS_KEY, sub);
    await this.changed();
  }

  async removeCustom(sub: string): Promise<void> {
    await this.options.tokens.remove(CUSTOM_BED_TOKENS_KEY, sub);
    await this.changed();
  }

  async removeStorage(storage: StoredImageStorage): Promise<void> {
    await this.options.tokens.remove(IMAGE_STORAGES_KEY, storageKey(storage));
    await this.changed();
  }

  /** The repository storages whose account is still linked. */
  linkedStorages(): StoredImageStorage[] {
    const github = new Set(this.options.githubAccounts().map((account) => account.sub));
    const gitea = new Set(this.options.giteaAccounts().map((account) => account.sub));
    return this.data.storages.filter((storage) =>
      (storage.forge === 'github' ? github : gitea).has(storage.sub),
    );
  }

  /** The storages each kind offers the chooser. */
  storageOptions(providerId: string): ImageStorageOption[] {
    if (providerId === SMMS_PROVIDER_ID) {
      return this.data.smms.map((account) => ({
        choice: { type: 'token', providerId, sub: account.sub },
        label: `SM.MS — ${account.name}`,
      }));
    }
    if (providerId === CUSTOM_IMAGE_BED_PROVIDER_ID) {
      return this.data.custom.map((account) => ({
        choice: { type: 'token', providerId, sub: account.sub },
        label: `Custom image bed — ${account.name}`,
      }));
    }
    const forge = providerId === GITHUB_IMAGE_STORAGE_PROVIDER_ID ? 'github' : 'gitea';
    const names = new Map(
      (forge === 'github' ? this.options.githubAccounts() : this.options.giteaAccounts()).map(
        (account) => [account.sub, account.name],
      ),
    );
    return this.linkedStorages()
      .filter((storage) => storage.forge === forge)
      .map((storage) => ({
        choice: { type: 'tokenRepo', providerId, sub: storage.sub, sid: storage.sid },
        label: `${forge === 'github' ? 'GitHub' : 'Gitea'} repository ${storageLabel(storage)} — ${names.get(storage.sub) ?? storage.sub}`,
      }));
  }

  /** The bed of a chosen storage, undefined when it is gone. */
  bed(choice: ImageStorageChoice): ImageBed | undefined {
    if (choice.providerId === SMMS_PROVIDER_ID) {
      const account = this.data.smms.find((entry) => entry.sub === choice.sub);
      return account && this.smmsClient(account);
    }
    if (choice.providerId === CUSTOM_IMAGE_BED_PROVIDER_ID) {
      const account = this.data.custom.find((entry) => entry.sub === choice.sub);
      return account && new CustomImageBed(this.options.http, account);
    }
    const storage = this.linkedStorages().find(
      (entry) => entry.sub === choice.sub && entry.sid === choice.sid,
    );
    if (!storage) return undefined;
    return {
      upload: async (file, context, signal) => {
        if (storage.forge === 'github') {
          const bed = new GithubImageBed(await this.githubClient(storage.sub), storage);
          return bed.upload(file, context, signal);
        }
        const { client } = await this.giteaClient(storage.sub);
        return new GiteaImageBed(client, storage).upload(file, context, signal);
      },
    };
  }
}

/** The image storage kinds the beds register (spec providers §3 "Image storage choice"). */
export const IMAGE_BED_PROVIDER_IDS = [
  SMMS_PROVIDER_ID,
  CUSTOM_IMAGE_BED_PROVIDER_ID,
  GITHUB_IMAGE_STORAGE_PROVIDER_ID,
  GITEA_IMAGE_STORAGE_PROVIDER_ID,
] as const;

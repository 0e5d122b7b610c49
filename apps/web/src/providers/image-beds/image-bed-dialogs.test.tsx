// @vitest-environment jsdom
// The image bed dialogs with the real ImageBeds and its checks (core's readSmmsForm,
// readCustomBedForm, readGithubImageRepositoryForm) over a memory token store, against cloud-sim
// (SM.MS through its proxy, a custom bed) and forge-sim (GitHub): inline errors in the spec's
// words, nothing typed lost, a custom ID replaced, and each registered storage's bed uploading.
import {
  API_SECRET_TOKEN_REQUIRED,
  CUSTOM_IMAGE_BED_PROVIDER_ID,
  customHeadersInvalid,
  HttpClient,
  IMAGE_REPO_URL_INVALID,
  PROXY_URL_REQUIRED,
  RESULT_URL_PARAM_REQUIRED,
  GITEA_IMAGE_STORAGE_PROVIDER_ID,
  GITHUB_IMAGE_STORAGE_PROVIDER_ID,
  SMMS_PROFILE_FAILED,
  SMMS_PROVIDER_ID,
} from '@inkstone/core';
import { type CloudSim, startCloudSim } from '@inkstone/cloud-sim';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CustomImageBedDialog,
  ImageRepositoryDialog,
  SmmsAccountDialog,
} from './image-bed-dialogs';
import { dialogHarness, renderUntil, typeInto } from '../../testing/dialog-harness';
import { browserTimers } from '../../services/broadcast-signal';
import { ImageBeds } from './image-beds';
import { imageBedsRegistry } from './image-beds-registry';
import { type ImageBedData, type ImageBedTokenStore } from './image-bed-tokens';

const PNG = {
  name: 'shot.png',
  mimeType: 'image/png',
  content:
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
};
const context = { documentName: 'Notes', date: new Date(2026, 10, 28) };

function memoryTokens(): ImageBedTokenStore & { data: ImageBedData } {
  const data: ImageBedData = { smms: [], custom: [], storages: [] };
  return {
    data,
    read: async () => ({
      smms: [...data.smms],
      custom: [...data.custom],
      storages: [...data.storages],
    }),
    writeSmms: async (account) => {
      data.smms = [...data.smms.filter((a) => a.sub !== account.sub), account];
    },
    writeCustom: async (account) => {
      data.custom = [...data.custom.filter((a) => a.sub !== account.sub), account];
    },
    writeStorage: async (storage) => {
      data.storages = [...data.storages, storage];
    },
    remove: async () => {},
  };
}

const timers = browserTimers;

let sim: CloudSim;
let forge: ForgeSim;
let smmsToken: string;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  smmsToken = sim.smms.addUser({ username: 'ann' }).token;
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'alice', token: 'gho_alice_web', name: 'Alice' });
  await forge.repos.create({ owner: 'alice', name: 'pics', autoInit: true });
  await forge.repos.create({
    owner: 'alice',
    name: 'gpics',
    autoInit: true,
    defaultBranch: 'master',
  });
  await forge.repos.create({ owner: 'alice', name: 'secret', autoInit: true, private: true });
});
afterAll(async () => {
  await sim.close();
  await forge.close();
});

const ui = dialogHarness();
let tokens: ReturnType<typeof memoryTokens>;
beforeEach(() => {
  tokens = memoryTokens();
  const http = new HttpClient({
    fetch: (url, init) => fetch(url, init as RequestInit),
    timers,
    random: () => 0,
  });
  imageBedsRegistry.register(
    new ImageBeds({
      tokens,
      http,
      timers,
      github: () => ({ githubUrl: forge.url, githubApiUrl: forge.apiUrl }),
      githubAccounts: () => [{ sub: '7', name: 'alice' }],
      giteaAccounts: () => [{ sub: '9', name: 'alice', serverUrl: forge.url }],
      githubToken: async (sub) => (sub === '7' ? 'gho_alice_web' : undefined),
      giteaToken: async () => ({ accessToken: 'gho_alice_web', serverUrl: forge.url }),
    }),
  );
});
afterEach(() => {
  imageBedsRegistry.register(undefined);
});

const input = (name: string) => ui.host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => typeInto(input(name), value);
const ok = () => ui.click('Ok');
const until = renderUntil;
const alertText = () => ui.host.querySelector('[role="alert"]')?.textContent;
const errorOf = (name: string) =>
  input(name)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join('');

describe('the SM.MS dialog', () => {
  it('says a missing field beside it, then a refused token, and keeps what was typed', async () => {
    const resolve = vi.fn();
    ui.render(<SmmsAccountDialog props={undefined} resolve={resolve} reject={() => {}} />);
    expect(
      ui.host.querySelector('[role="dialog"]')?.getAttribute('aria-label') ?? ui.host.textContent,
    ).toContain('SM.MS');
    await ok();
    expect(errorOf('proxyUrl')).toContain(PROXY_URL_REQUIRED);
    type('proxyUrl', `${sim.url}/proxy/`);
    await ok();
    expect(errorOf('apiSecretToken')).toContain(API_SECRET_TOKEN_REQUIRED);
    type('apiSecretToken', 'not-the-token');
    await ok();
    await until(() => alertText() !== undefined);
    expect(alertText()).toBe(SMMS_PROFILE_FAILED);
    expect(input('proxyUrl').value).toBe(`${sim.url}/proxy/`);
    expect(resolve).not.toHaveBeenCalled();

    type('apiSecretToken', smmsToken);
    await ok();
    await until(() => resolve.mock.calls.length > 0);
    expect(resolve).toHaveBeenCalledWith(expect.objectContaining({ name: 'ann', sub: 'ann' }));
    const beds = imageBedsRegistry.current()!;
    const [option] = beds.storageOptions(SMMS_PROVIDER_ID);
    expect(option?.label).toBe('SM.MS — ann');
    const { url } = await beds.bed(option!.choice)!.upload(PNG, context);
    expect(sim.smms.imagesOf('ann').map((image) => url.endsWith(image.path))).toEqual([true]);
    expect(tokens.data.smms).toHaveLength(1);
  });
});

describe('the Custom image bed dialog', () => {
  it('checks JSON and required fields inline, and replaces a bed with the same custom ID', async () => {
    const resolve = vi.fn();
    ui.render(<CustomImageBedDialog props={undefined} resolve={resolve} reject={() => {}} />);
    type('name', 'mine');
    type('uploadUrl', 'https://img.example/upload');
    type('fileParamName', 'file');
    type('customHeaders', '{"X-Key": ');
    await ok();
    expect(errorOf('customHeaders')).toContain(customHeadersInvalid);
    type('customHeaders', '{"X-Key": "1"}');
    await ok();
    expect(errorOf('resultUrlParam')).toContain(RESULT_URL_PARAM_REQUIRED);
    type('resultUrlParam', 'data.url');
    await ok();
    expect(resolve).toHaveBeenCalledTimes(1);
    type('uploadUrl', 'https://img.example/v2/upload');
    await ok();
    expect(tokens.data.custom.map((bed) => [bed.name, bed.uploadUrl])).toEqual([
      ['mine', 'https://img.example/v2/upload'],
    ]);
    const beds = imageBedsRegistry.current()!;
    expect(beds.storageOptions(CUSTOM_IMAGE_BED_PROVIDER_ID).map((o) => o.label)).toEqual([
      'Custom image bed — mine',
    ]);
    // The bed of the registered storage posts to the sim's custom bed.
    type('uploadUrl', `${sim.url}/custom-bed/upload`);
    await ok();
    const [option] = beds.storageOptions(CUSTOM_IMAGE_BED_PROVIDER_ID);
    sim.customBed.answerWith = { kind: 'json', shape: (url) => ({ data: { url } }) };
    const { url } = await beds.bed(option!.choice)!.upload(PNG, context);
    expect(url).toBe(sim.customBed.uploads.at(-1)!.url);
    expect(sim.customBed.uploads.at(-1)!.headers['x-key']).toBe('1');
  });
});

describe('the Repository image bed dialog', () => {
  it('refuses a bad URL and a private repository in the spec words', async () => {
    const resolve = vi.fn();
    ui.render(
      <ImageRepositoryDialog
        props={{ forge: 'github', sub: '7', name: 'alice' }}
        resolve={resolve}
        reject={() => {}}
      />,
    );
    expect(input('path').placeholder).toBe('imgs/{YYYY}-{MM}-{DD}');
    expect(input('branch').placeholder).toBe('main');
    type('repoUrl', 'not a repository');
    await ok();
    expect(errorOf('repoUrl')).toContain(IMAGE_REPO_URL_INVALID);
    type('repoUrl', `${forge.url}/alice/secret`);
    await ok();
    await until(() => alertText() !== undefined);
    expect(alertText()).toBe('The repository URL used as a image bed must be a public repository!');
    type('repoUrl', `${forge.url}/alice/pics`);
    await ok();
    await until(() => resolve.mock.calls.length > 0);
    expect(resolve).toHaveBeenCalledWith(
      expect.objectContaining({ forge: 'github', owner: 'alice', repo: 'pics', branch: 'main' }),
    );
    const beds = imageBedsRegistry.current()!;
    const [option] = beds.storageOptions(GITHUB_IMAGE_STORAGE_PROVIDER_ID);
    expect(option?.label).toBe(
      'GitHub repository alice/pics (imgs/{YYYY}-{MM}-{DD}, main) — alice',
    );
    const { url } = await beds.bed(option!.choice)!.upload(PNG, context);
    expect(url).toMatch(/\/alice\/pics\/raw\/main\/imgs\/2026-11-28\/shot\.png$/);
  });
});

describe('the Repository image bed dialog on Gitea', () => {
  it('adds a public repository on master, and its bed uploads there', async () => {
    const resolve = vi.fn();
    ui.render(
      <ImageRepositoryDialog
        props={{ forge: 'gitea', sub: '9', name: 'alice' }}
        resolve={resolve}
        reject={() => {}}
      />,
    );
    expect(input('branch').placeholder).toBe('master');
    type('repoUrl', `${forge.url}/alice/gpics`);
    type('path', 'img/{MDNAME}');
    await ok();
    await until(() => resolve.mock.calls.length > 0 || alertText() !== undefined);
    expect(alertText()).toBeUndefined();
    expect(resolve).toHaveBeenCalledWith(
      expect.objectContaining({ forge: 'gitea', repoUri: 'alice/gpics', branch: 'master' }),
    );
    const beds = imageBedsRegistry.current()!;
    const [option] = beds.storageOptions(GITEA_IMAGE_STORAGE_PROVIDER_ID);
    expect(option?.label).toBe('Gitea repository alice/gpics (img/{MDNAME}, master) — alice');
    const { url } = await beds.bed(option!.choice)!.upload(PNG, context);
    expect(url).toMatch(/\/alice\/gpics\/raw\/branch\/master\/img\/Notes\/shot\.png$/);
  });
});

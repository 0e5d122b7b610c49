// @vitest-environment jsdom
// The image bed dialogs with the real ImageBeds and its checks (core's readSmmsForm,
// readCustomBedForm, readGithubImageRepositoryForm) over a memory token store: inline errors in
// the spec's words, nothing typed lost, a custom ID replaced, and the storages each registers.
import {
  API_SECRET_TOKEN_REQUIRED,
  CUSTOM_IMAGE_BED_PROVIDER_ID,
  customHeadersInvalid,
  HttpClient,
  IMAGE_REPO_URL_INVALID,
  PROXY_URL_REQUIRED,
  RESULT_URL_PARAM_REQUIRED,
  SMMS_PROFILE_FAILED,
} from '@inkstone/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CustomImageBedDialog,
  ImageRepositoryDialog,
  SmmsAccountDialog,
} from './image-bed-dialogs';
import { browserTimers } from '../../services/broadcast-signal';
import { ImageBeds } from './image-beds';
import { imageBedsRegistry } from './image-beds-registry';
import { type ImageBedData, type ImageBedTokenStore } from './image-bed-tokens';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root;
let host: HTMLDivElement;
let tokens: ReturnType<typeof memoryTokens>;
let fetchAnswer: (url: string, init: RequestInit) => Response;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  tokens = memoryTokens();
  fetchAnswer = () => new Response('{}', { status: 200 });
  const http = new HttpClient({
    fetch: async (url, init) => fetchAnswer(url, init as RequestInit),
    timers,
    random: () => 0,
  });
  imageBedsRegistry.register(
    new ImageBeds({
      tokens,
      http,
      timers,
      github: () => ({ githubUrl: 'https://github.com', githubApiUrl: 'https://api.github.com' }),
      githubAccounts: () => [{ sub: '7', name: 'alice' }],
      giteaAccounts: () => [],
      githubToken: async () => 'gho_x',
      giteaToken: async () => ({ accessToken: 't', serverUrl: 'https://gitea.example' }),
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  imageBedsRegistry.register(undefined);
});

const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(name), value);
    input(name).dispatchEvent(new Event('input', { bubbles: true }));
  });
const ok = async () => {
  await act(async () => {
    [...host.querySelectorAll('button')].find((button) => button.textContent === 'Ok')!.click();
    await new Promise((done) => setTimeout(done, 0));
  });
};
const errorOf = (name: string) =>
  input(name)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join('');

describe('the SM.MS dialog', () => {
  it('says a missing field beside it, then a refused token, and keeps what was typed', async () => {
    const resolve = vi.fn();
    act(() =>
      root.render(<SmmsAccountDialog props={undefined} resolve={resolve} reject={() => {}} />),
    );
    expect(
      host.querySelector('[role="dialog"]')?.getAttribute('aria-label') ?? host.textContent,
    ).toContain('SM.MS');
    await ok();
    expect(errorOf('proxyUrl')).toContain(PROXY_URL_REQUIRED);
    type('proxyUrl', 'https://proxy.example/');
    await ok();
    expect(errorOf('apiSecretToken')).toContain(API_SECRET_TOKEN_REQUIRED);
    type('apiSecretToken', 'secret');
    fetchAnswer = () =>
      new Response('{"success":false,"code":"unauthorized","message":"Unauthorized."}', {
        status: 401,
      });
    await ok();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(SMMS_PROFILE_FAILED);
    expect(input('proxyUrl').value).toBe('https://proxy.example/');
    expect(resolve).not.toHaveBeenCalled();

    let seen: { url: string; auth: string | null } | undefined;
    fetchAnswer = (url, init) => {
      seen = { url, auth: new Headers(init.headers).get('authorization') };
      return new Response('{"success":true,"data":{"username":"ann"}}');
    };
    await ok();
    expect(seen).toEqual({
      url: 'https://proxy.example/https://sm.ms/api/v2/profile',
      auth: 'secret',
    });
    expect(resolve).toHaveBeenCalledWith(expect.objectContaining({ name: 'ann', sub: 'ann' }));
    expect(tokens.data.smms).toHaveLength(1);
  });
});

describe('the Custom image bed dialog', () => {
  it('checks JSON and required fields inline, and replaces a bed with the same custom ID', async () => {
    const resolve = vi.fn();
    act(() =>
      root.render(<CustomImageBedDialog props={undefined} resolve={resolve} reject={() => {}} />),
    );
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
  });
});

describe('the Repository image bed dialog', () => {
  it('refuses a bad URL and a private repository in the spec words', async () => {
    const resolve = vi.fn();
    act(() =>
      root.render(
        <ImageRepositoryDialog
          props={{ forge: 'github', sub: '7', name: 'alice' }}
          resolve={resolve}
          reject={() => {}}
        />,
      ),
    );
    expect(input('path').placeholder).toBe('imgs/{YYYY}-{MM}-{DD}');
    expect(input('branch').placeholder).toBe('main');
    type('repoUrl', 'not a repository');
    await ok();
    expect(errorOf('repoUrl')).toContain(IMAGE_REPO_URL_INVALID);
    type('repoUrl', 'https://github.com/alice/pics');
    fetchAnswer = () => new Response('{"private":true}');
    await ok();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'The repository URL used as a image bed must be a public repository!',
    );
    fetchAnswer = () => new Response('{"private":false}');
    await ok();
    expect(resolve).toHaveBeenCalledWith(
      expect.objectContaining({ forge: 'github', owner: 'alice', repo: 'pics', branch: 'main' }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  GOOGLE_API_SCRIPT,
  type GooglePickerApi,
  PICKER_TIMEOUT_MS,
  PICKER_UNAVAILABLE,
  PickerLoader,
  type PickerPage,
  pickDriveItem,
} from './picker-loader';

// A page whose <script> elements load, fail or hang as the test says, with timers the test
// runs by hand.
function fakePage(options: { online?: boolean } = {}) {
  const scripts: { src: string; fire(event: 'load' | 'error'): void; removed: boolean }[] = [];
  const timers: { run(): void; ms: number; cleared: boolean }[] = [];
  let gapi: ReturnType<PickerPage['gapi']>;
  let picker: GooglePickerApi | undefined;
  let gapiLoads = 0;
  const page: PickerPage = {
    addScript(src) {
      const listeners = new Map<string, () => void>();
      const script = {
        src,
        removed: false,
        fire: (event: 'load' | 'error') => listeners.get(event)?.(),
      };
      scripts.push(script);
      return {
        addEventListener: (event: string, listener: () => void) => {
          listeners.set(event, listener);
        },
        remove: () => {
          script.removed = true;
        },
      };
    },
    gapi: () => gapi,
    picker: () => picker,
    onLine: () => options.online ?? true,
    setTimeout: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  const api = { marker: 'picker' } as unknown as GooglePickerApi;
  return {
    page,
    scripts,
    timers,
    api,
    get gapiLoads() {
      return gapiLoads;
    },
    // What Google's script does when it runs: defines gapi, whose load('picker') defines
    // google.picker (or fails).
    scriptRuns(pickerLoads: 'ok' | 'error' = 'ok') {
      gapi = {
        load: (_module, loadOptions) => {
          gapiLoads += 1;
          if (pickerLoads === 'ok') {
            picker = api;
            loadOptions.callback();
          } else loadOptions.onerror();
        },
      };
    },
  };
}

describe('the Google Picker loaded on demand (spec providers §8, §9)', () => {
  it('loads Google’s API script, then the picker module, once per page', async () => {
    const fake = fakePage();
    const loader = new PickerLoader(fake.page);
    const first = loader.load('key');
    expect(fake.scripts.map((script) => script.src)).toEqual([GOOGLE_API_SCRIPT]);
    fake.scriptRuns();
    fake.scripts[0]!.fire('load');
    expect(await first).toEqual({ ok: true, api: fake.api });
    expect(fake.timers[0]).toMatchObject({ ms: PICKER_TIMEOUT_MS, cleared: true });
    expect(await loader.load('key')).toEqual({ ok: true, api: fake.api });
    expect(fake.scripts).toHaveLength(1);
    expect(fake.gapiLoads).toBe(1);
  });

  it('says why without an API key, and adds no script', async () => {
    const fake = fakePage();
    expect(await new PickerLoader(fake.page).load(' ')).toEqual({
      ok: false,
      reason: PICKER_UNAVAILABLE.noApiKey,
    });
    expect(fake.scripts).toHaveLength(0);
  });

  it('says the browser is offline, and tries again later', async () => {
    const fake = fakePage({ online: false });
    const loader = new PickerLoader(fake.page);
    expect(await loader.load('key')).toEqual({ ok: false, reason: PICKER_UNAVAILABLE.offline });
    expect(fake.scripts).toHaveLength(0);
  });

  it('says the script was blocked, removes it, and the next Choose tries again', async () => {
    const fake = fakePage();
    const loader = new PickerLoader(fake.page);
    const first = loader.load('key');
    fake.scripts[0]!.fire('error');
    expect(await first).toEqual({ ok: false, reason: PICKER_UNAVAILABLE.blocked });
    expect(fake.scripts[0]!.removed).toBe(true);
    const second = loader.load('key');
    expect(fake.scripts).toHaveLength(2);
    fake.scriptRuns();
    fake.scripts[1]!.fire('load');
    expect((await second).ok).toBe(true);
  });

  it('says so when the picker module fails to load', async () => {
    const fake = fakePage();
    const answer = new PickerLoader(fake.page).load('key');
    fake.scriptRuns('error');
    fake.scripts[0]!.fire('load');
    expect(await answer).toEqual({ ok: false, reason: PICKER_UNAVAILABLE.blocked });
  });

  it('gives up after 30 s when the script never answers', async () => {
    const fake = fakePage();
    const answer = new PickerLoader(fake.page).load('key');
    expect(fake.timers).toHaveLength(1);
    fake.timers[0]!.run();
    expect(await answer).toEqual({ ok: false, reason: PICKER_UNAVAILABLE.timeout });
    // A late answer changes nothing.
    fake.scriptRuns();
    fake.scripts[0]!.fire('load');
    expect(fake.scripts[0]!.removed).toBe(true);
  });
});

describe('picking a Drive folder or file', () => {
  // A picker that records how it was built and answers as told.
  function fakeApi(answer: { action: string; docs?: { id: string }[] }) {
    const built: Record<string, unknown> = {};
    class DocsView {
      constructor(readonly viewId?: string) {
        built.viewId = viewId;
      }
      setIncludeFolders() {
        return this;
      }
      setSelectFolderEnabled(on: boolean) {
        built.selectFolder = on;
        return this;
      }
      setMimeTypes(types: string) {
        built.mimeTypes = types;
        return this;
      }
    }
    class PickerBuilder {
      private callback: (data: typeof answer) => void = () => undefined;
      addView() {
        return this;
      }
      setOAuthToken(token: string) {
        built.token = token;
        return this;
      }
      setDeveloperKey(key: string) {
        built.key = key;
        return this;
      }
      setTitle() {
        return this;
      }
      setCallback(callback: (data: typeof answer) => void) {
        this.callback = callback;
        return this;
      }
      build() {
        return { setVisible: () => this.callback(answer) };
      }
    }
    const api = {
      DocsView,
      PickerBuilder,
      ViewId: { DOCS: 'all', FOLDERS: 'folders' },
      Action: { PICKED: 'picked', CANCEL: 'cancel' },
    } as unknown as GooglePickerApi;
    return { api, built };
  }

  it('gives the id of the folder chosen, the picker showing folders only', async () => {
    const { api, built } = fakeApi({ action: 'picked', docs: [{ id: 'folder-1234567890' }] });
    expect(await pickDriveItem(api, 'folder', { accessToken: 'tok', apiKey: 'key' })).toBe(
      'folder-1234567890',
    );
    expect(built).toMatchObject({
      viewId: 'folders',
      selectFolder: true,
      mimeTypes: 'application/vnd.google-apps.folder',
      token: 'tok',
      key: 'key',
    });
  });

  it('gives nothing when the picker is closed', async () => {
    const { api } = fakeApi({ action: 'cancel' });
    expect(await pickDriveItem(api, 'file', { accessToken: 'tok', apiKey: 'key' })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  CHOOSER_TIMEOUT_MS,
  CHOOSER_UNAVAILABLE,
  ChooserLoader,
  dropboxChooserScript,
  type ChooserOptions,
  type ChooserPage,
  chooseDropboxFiles,
  DROPBOX_CHOOSER_SCRIPT,
  type DropboxDropins,
} from './dropbox-chooser';

// A page whose <script> elements load, fail or hang as the test says, with timers the test runs
// by hand; the drop-in's `Dropbox` defined when its script "runs".
function fakePage(options: { online?: boolean } = {}) {
  const scripts: {
    src: string;
    appKey: string;
    fire(event: 'load' | 'error'): void;
    removed: boolean;
  }[] = [];
  const timers: { run(): void; ms: number; cleared: boolean }[] = [];
  let dropins: DropboxDropins | undefined;
  const page: ChooserPage = {
    addScript(src, appKey) {
      const listeners = new Map<string, () => void>();
      const script = {
        src,
        appKey,
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
    dropins: () => dropins,
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
  const api: DropboxDropins = { choose: () => {} };
  return {
    page,
    scripts,
    timers,
    api,
    runs: () => {
      dropins = api;
    },
  };
}

describe("Dropbox's Chooser, loaded on demand", () => {
  it("loads Dropbox's script, or the same path on the stand-in origin when /conf names one", async () => {
    expect(dropboxChooserScript('')).toBe(DROPBOX_CHOOSER_SCRIPT);
    expect(dropboxChooserScript('http://127.0.0.1:4301/')).toBe(
      'http://127.0.0.1:4301/static/api/2/dropins.js',
    );
    const fake = fakePage();
    const loading = new ChooserLoader(fake.page).load('k', dropboxChooserScript('http://sim.test'));
    expect(fake.scripts[0]).toMatchObject({ src: 'http://sim.test/static/api/2/dropins.js' });
    fake.runs();
    fake.scripts[0]!.fire('load');
    expect(await loading).toEqual({ ok: true, dropins: fake.api });
  });

  it('adds the drop-in script with the app key once, and keeps the Chooser it defines', async () => {
    const fake = fakePage();
    const loader = new ChooserLoader(fake.page);
    const first = loader.load('full-key');
    const second = loader.load('full-key');
    expect(fake.scripts).toHaveLength(1);
    expect(fake.scripts[0]).toMatchObject({ src: DROPBOX_CHOOSER_SCRIPT, appKey: 'full-key' });
    fake.runs();
    fake.scripts[0]!.fire('load');
    expect(await first).toEqual({ ok: true, dropins: fake.api });
    expect(await second).toEqual({ ok: true, dropins: fake.api });
    expect(fake.timers[0]!.cleared).toBe(true);
    expect(await loader.load('full-key')).toEqual({ ok: true, dropins: fake.api });
    expect(fake.scripts).toHaveLength(1);
  });

  it('says why it is not there, in words that offer the typed path, and tries again next time', async () => {
    expect(await new ChooserLoader(fakePage().page).load('')).toEqual({
      ok: false,
      reason: CHOOSER_UNAVAILABLE.noAppKey,
    });
    expect(await new ChooserLoader(fakePage({ online: false }).page).load('k')).toEqual({
      ok: false,
      reason: CHOOSER_UNAVAILABLE.offline,
    });
    const blocked = fakePage();
    const loader = new ChooserLoader(blocked.page);
    const refused = loader.load('k');
    blocked.scripts[0]!.fire('error');
    expect(await refused).toEqual({ ok: false, reason: CHOOSER_UNAVAILABLE.blocked });
    expect(blocked.scripts[0]!.removed).toBe(true);
    // A script that loads without defining the drop-in counts as refused.
    const empty = loader.load('k');
    blocked.scripts[1]!.fire('load');
    expect(await empty).toEqual({ ok: false, reason: CHOOSER_UNAVAILABLE.blocked });
    const hanging = loader.load('k');
    const timer = blocked.timers[2]!;
    expect(timer.ms).toBe(CHOOSER_TIMEOUT_MS);
    timer.run();
    expect(await hanging).toEqual({ ok: false, reason: CHOOSER_UNAVAILABLE.timeout });
    for (const reason of Object.values(CHOOSER_UNAVAILABLE)) {
      expect(reason).toMatch(/Type the path instead\.$/);
    }
  });

  it('asks for several text files with direct links, and gives their ids, or nothing when closed', async () => {
    let asked: ChooserOptions | undefined;
    const dropins: DropboxDropins = {
      choose: (options) => {
        asked = options;
      },
    };
    const choosing = chooseDropboxFiles(dropins);
    expect(asked).toMatchObject({ linkType: 'direct', multiselect: true, folderselect: false });
    expect(asked!.extensions).toContain('.md');
    asked!.success([
      { id: 'id:a1', name: 'Plan.md' },
      { id: 'id:b2', name: 'Notes.txt' },
    ]);
    expect(await choosing).toEqual([
      { id: 'id:a1', name: 'Plan.md' },
      { id: 'id:b2', name: 'Notes.txt' },
    ]);
    const closing = chooseDropboxFiles(dropins);
    asked!.cancel();
    expect(await closing).toBeUndefined();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../store';
import { embedStarted } from '../store/embed-slice';
import {
  announceUpdate,
  INSTALL_OFFERED_KEY,
  JUST_UPDATED,
  startAppUpdates,
  UPDATE_QUIET_MS,
  untilQuiet,
  UPDATED_KEY,
  updateWhenQuiet,
  watchBusy,
  type AppUpdateDeps,
} from './app-update';

/** A clock moved by the waits, keystrokes at given times, and a map for localStorage. */
function deps(keys: number[], overrides: Partial<AppUpdateDeps> = {}) {
  let now = 0;
  const stored = new Map<string, string>();
  const log: string[] = [];
  const store = createStore();
  const all: AppUpdateDeps = {
    store,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    save: () => {
      log.push(`save at ${now}`);
      return Promise.resolve();
    },
    sync: () => log.push(`sync at ${now}`),
    lastKeyAt: () => Math.max(-Infinity, ...keys.filter((key) => key <= now)),
    lastBusyAt: () => Math.max(-Infinity, ...keys.filter((key) => key <= now)),
    now: () => now,
    wait: (ms) => {
      now += ms;
      return Promise.resolve();
    },
    reload: () => log.push('reload'),
    ...overrides,
  };
  return { all, log, stored, store, at: () => now };
}

describe('updateWhenQuiet', () => {
  it('waits for 3 s without a keystroke, saves, syncs, marks the update, then activates', async () => {
    const { all, log, stored } = deps([0, 1_000, 2_500]);
    let activated = -1;
    const started = await updateWhenQuiet(all, () => {
      activated = all.now();
      log.push('activate');
    });
    expect(started).toBe(true);
    expect(activated).toBeGreaterThanOrEqual(2_500 + UPDATE_QUIET_MS);
    expect(log).toEqual([`save at ${activated}`, `sync at ${activated}`, 'activate']);
    expect(stored.get(UPDATED_KEY)).toBe('1');
  });

  it('does not update when the text cannot be saved, nor in embedded mode', async () => {
    const failing = deps([], { save: () => Promise.reject(new Error('quota')) });
    let activated = false;
    expect(await updateWhenQuiet(failing.all, () => (activated = true))).toBe(false);
    expect(failing.stored.has(UPDATED_KEY)).toBe(false);
    const embedded = deps([]);
    embedded.store.dispatch(embedStarted('https://blog.example.org'));
    expect(await updateWhenQuiet(embedded.all, () => (activated = true))).toBe(false);
    expect(activated).toBe(false);
  });
});

describe('announceUpdate', () => {
  it('says the app has just updated itself once, after the reload the update made', () => {
    const { all, stored, store } = deps([]);
    announceUpdate(all);
    expect(JSON.stringify(store.getState().notifications)).not.toContain(JUST_UPDATED);
    stored.set(UPDATED_KEY, '1');
    announceUpdate(all);
    announceUpdate(all);
    const shown = JSON.stringify(store.getState().notifications);
    expect(shown.split(JUST_UPDATED).length - 1).toBe(1);
    expect(stored.has(UPDATED_KEY)).toBe(false);
  });
});

describe('the install prompt', () => {
  it('is offered once: the second prompt event, even after a reload, asks nothing', async () => {
    const { all, stored } = deps([]);
    const listeners = new Map<string, (event: Event) => void>();
    const view = {
      addEventListener: (type: string, listener: (event: Event) => void) =>
        listeners.set(type, listener),
      removeEventListener: () => {},
      navigator: {},
    } as unknown as Window;
    let asked = 0;
    let prompted = 0;
    const promptEvent = () =>
      Object.assign(new Event('beforeinstallprompt'), {
        prompt: () => {
          prompted += 1;
          return Promise.resolve();
        },
      });
    const stop = startAppUpdates(all, () => Promise.resolve(++asked > 0), view);
    listeners.get('beforeinstallprompt')!(promptEvent());
    await new Promise((resolve) => setTimeout(resolve, 0));
    listeners.get('beforeinstallprompt')!(promptEvent());
    stop();
    // A new start, with what this browser remembers.
    startAppUpdates(all, () => Promise.resolve(++asked > 0), view)();
    listeners.get('beforeinstallprompt')!(promptEvent());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBe(1);
    expect(prompted).toBe(1);
    expect(stored.get(INSTALL_OFFERED_KEY)).toBe('1');
  });
});

describe('the service worker', () => {
  it('is registered once the page has been quiet for 3 s: no key, paste or long task', async () => {
    // Busy at 0 (a key), 1,000 and 2,500 (a paste, a long task): quiet from 5,500.
    const { all, at } = deps([0, 1_000, 2_500]);
    const registered: number[] = [];
    const container = {
      controller: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      register: () => {
        registered.push(at());
        return Promise.resolve({ waiting: null, addEventListener: () => {}, update: () => {} });
      },
    };
    const view = {
      addEventListener: () => {},
      removeEventListener: () => {},
      navigator: { serviceWorker: container },
    } as unknown as Window;
    const stop = startAppUpdates(all, () => Promise.resolve(false), view);
    await vi.waitFor(() => expect(registered).toHaveLength(1));
    expect(registered[0]).toBeGreaterThanOrEqual(2_500 + UPDATE_QUIET_MS);
    expect(registered[0]).toBeLessThan(2_500 + UPDATE_QUIET_MS + 1_000);
    stop();
  });

  it('is not registered when the app stops first', async () => {
    const { all } = deps([0]);
    let stop = () => {};
    const wait = all.wait;
    all.wait = (ms) => {
      // The app goes (a reset, say) while the page is still busy.
      stop();
      return wait(ms);
    };
    let registered = 0;
    const view = {
      addEventListener: () => {},
      removeEventListener: () => {},
      navigator: {
        serviceWorker: {
          addEventListener: () => {},
          removeEventListener: () => {},
          register: () => (registered += 1),
        },
      },
    } as unknown as Window;
    stop = startAppUpdates(all, () => Promise.resolve(false), view);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(registered).toBe(0);
    await expect(untilQuiet(all, () => true)).resolves.toBe(false);
  });

  it('counts its start, keys, pastes and drops as the page being busy, and keys alone as keystrokes', () => {
    const target = new EventTarget();
    let time = 100;
    const busy = watchBusy(target as unknown as Window, () => time);
    // The app starting is busy.
    expect([busy.lastKeyAt(), busy.lastBusyAt()]).toEqual([0, 100]);
    time = 150;
    target.dispatchEvent(new Event('keydown'));
    time = 200;
    target.dispatchEvent(new Event('paste'));
    expect([busy.lastKeyAt(), busy.lastBusyAt()]).toEqual([150, 200]);
    time = 300;
    target.dispatchEvent(new Event('drop'));
    target.dispatchEvent(new Event('scroll'));
    expect([busy.lastKeyAt(), busy.lastBusyAt()]).toEqual([150, 300]);
    // Stopped, it hears nothing more.
    busy.stop();
    time = 400;
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('paste'));
    expect([busy.lastKeyAt(), busy.lastBusyAt()]).toEqual([150, 300]);
  });
});

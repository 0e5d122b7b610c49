import { type AppStore } from '../store';
import { notified } from '../store/notifications-slice';
import { isLight } from '../store/embed-slice';

/** The notice after the app updated itself (spec interface §4 "Other"). */
export const JUST_UPDATED = 'Inkstone has just updated itself.';
/** Set just before the new version takes over; read, and removed, by the next start. */
export const UPDATED_KEY = 'inkstone.updated';
/** Set once the install prompt was offered: it is offered once (spec interface §4). */
export const INSTALL_OFFERED_KEY = 'inkstone.installOffered';
/** An update waits for this long without a keystroke. */
export const UPDATE_QUIET_MS = 3_000;
/** How often the update waits and looks again, and how long it waits for the sync at most. */
const UPDATE_POLL_MS = 1_000;
const SYNC_WAIT_MS = 30_000;
/** How often the server is asked for a new version while the app stays open. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the update needs of the app. */
export interface AppUpdateDeps {
  store: AppStore;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** Saves the open text (the editor's), throwing when it cannot. */
  save(): Promise<void>;
  /** Asks for a sync when the workspace has somewhere to sync (resolves at once otherwise). */
  sync(): void;
  /** The time of the last keystroke. */
  lastKeyAt(): number;
  /** The time the page was last busy: a key pressed, a text pasted or dropped, a long task. */
  lastBusyAt(): number;
  now(): number;
  wait(ms: number): Promise<void>;
  reload(): void;
}

/** Shows the "just updated" notice once, after the reload that an update made. */
export function announceUpdate({ store, storage }: Pick<AppUpdateDeps, 'store' | 'storage'>): void {
  try {
    if (storage?.getItem(UPDATED_KEY) === null || !storage) return;
    storage.removeItem(UPDATED_KEY);
  } catch {
    return;
  }
  store.dispatch(notified('info', JUST_UPDATED));
}

/**
 * Lets a waiting new version take over (spec interface §4 "Other"): outside embedded mode, once
 * no key has been pressed for {@link UPDATE_QUIET_MS}, the text is saved, a sync asked for and
 * waited for (at most 30 s), the app marks itself updated, and `activate` tells the new worker
 * to take over; the page reloads when it has. Nothing is lost: a save that fails stops the
 * update until the next start.
 */
export async function updateWhenQuiet(deps: AppUpdateDeps, activate: () => void): Promise<boolean> {
  const { store } = deps;
  if (isLight(store.getState())) return false;
  for (;;) {
    if (deps.now() - deps.lastKeyAt() >= UPDATE_QUIET_MS) {
      try {
        await deps.save();
      } catch (error) {
        console.error('The update waits: the text could not be saved.', error);
        return false;
      }
      // Typing came back while saving: wait again.
      if (deps.now() - deps.lastKeyAt() < UPDATE_QUIET_MS) continue;
      deps.sync();
      const started = deps.now();
      while (store.getState().sync.busy && deps.now() - started < SYNC_WAIT_MS) {
        await deps.wait(UPDATE_POLL_MS);
      }
      try {
        deps.storage?.setItem(UPDATED_KEY, '1');
      } catch {
        // The notice will not show; the update goes on.
      }
      activate();
      return true;
    }
    await deps.wait(UPDATE_POLL_MS);
  }
}

/** Resolves once the page has not been busy for {@link UPDATE_QUIET_MS} (no key, no paste or
 * drop, no long task), or never when `stopped` says so first. */
export async function untilQuiet(
  deps: Pick<AppUpdateDeps, 'lastBusyAt' | 'now' | 'wait'>,
  stopped: () => boolean,
): Promise<boolean> {
  while (deps.now() - deps.lastBusyAt() < UPDATE_QUIET_MS) {
    if (stopped()) return false;
    await deps.wait(UPDATE_POLL_MS);
  }
  return !stopped();
}

/** A task this long or longer is the page being busy (the Long Tasks API's threshold). */
const LONG_TASK_MS = 50;

/**
 * Watches the page for what makes it busy (a key, a paste, a drop, a task of 50 ms or more where
 * the browser reports long tasks) from now on, until `stop`; `lastBusyAt` is the time of the
 * last, on `now`'s clock: the start of the watch before any (an app starting is busy), and
 * `lastKeyAt` 0.
 */
export function watchBusy(
  view: Window = window,
  now: () => number = Date.now,
): { lastBusyAt: () => number; lastKeyAt: () => number; stop: () => void } {
  let lastKey = 0;
  let lastBusy = now();
  const onKey = () => (lastBusy = lastKey = now());
  const onBusy = () => (lastBusy = now());
  const capture = { capture: true };
  view.addEventListener('keydown', onKey, capture);
  for (const type of ['paste', 'drop']) view.addEventListener(type, onBusy, capture);
  const Observer = (view as Window & typeof globalThis).PerformanceObserver as
    typeof PerformanceObserver | undefined;
  let observer: PerformanceObserver | undefined;
  if (Observer?.supportedEntryTypes?.includes('longtask')) {
    observer = new Observer((list) => {
      if (list.getEntries().some((entry) => entry.duration >= LONG_TASK_MS)) onBusy();
    });
    observer.observe({ type: 'longtask' });
  }
  const stop = () => {
    view.removeEventListener('keydown', onKey, capture);
    for (const type of ['paste', 'drop']) view.removeEventListener(type, onBusy, capture);
    observer?.disconnect();
  };
  return { lastBusyAt: () => lastBusy, lastKeyAt: () => lastKey, stop };
}

/** The install prompt event (Chromium's), as far as it is used. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

/**
 * Registers the service worker (`/sw.js`, docs/how-to/offline.md) once the page is quiet
 * ({@link untilQuiet}: its first install downloads the whole app, which is not to compete with a
 * paste or the rendering of a long text), shows the notice after an
 * update, and lets the next version take over when it is ready ({@link updateWhenQuiet}); the
 * install prompt is offered once, through `offerInstall`. Returns what stops the checks.
 */
export function startAppUpdates(
  deps: AppUpdateDeps,
  offerInstall: () => Promise<boolean>,
  view: Window = window,
): () => void {
  announceUpdate(deps);
  const stops: (() => void)[] = [];
  const onInstallPrompt = (event: Event) => {
    event.preventDefault();
    try {
      if (deps.storage?.getItem(INSTALL_OFFERED_KEY) !== null) return;
      deps.storage.setItem(INSTALL_OFFERED_KEY, '1');
    } catch {
      return;
    }
    offerInstall()
      .then((yes) => (yes ? (event as InstallPromptEvent).prompt() : undefined))
      .catch((error: unknown) => console.error('The install prompt failed.', error));
  };
  view.addEventListener('beforeinstallprompt', onInstallPrompt);
  stops.push(() => view.removeEventListener('beforeinstallprompt', onInstallPrompt));

  const container = view.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return () => stops.forEach((stop) => stop());
  let reloading = false;
  const onControllerChange = () => {
    // Only the take-over this page asked for reloads it (not the first worker's claim).
    if (reloading || deps.storage?.getItem(UPDATED_KEY) === null) return;
    reloading = true;
    deps.reload();
  };
  container.addEventListener('controllerchange', onControllerChange);
  stops.push(() => container.removeEventListener('controllerchange', onControllerChange));

  let updating = false;
  const ready = (worker: ServiceWorker) => {
    // The first worker of a first visit has nothing to replace.
    if (updating || !container.controller) return;
    updating = true;
    updateWhenQuiet(deps, () => worker.postMessage({ type: 'SKIP_WAITING' }))
      .then((started) => {
        if (!started) updating = false;
      })
      .catch((error: unknown) => console.error('The update failed.', error));
  };
  let stopped = false;
  stops.push(() => (stopped = true));
  untilQuiet(deps, () => stopped)
    .then((quiet) => (quiet ? container.register('/sw.js', { scope: '/' }) : undefined))
    .then((registration) => {
      if (!registration || stopped) return;
      if (registration.waiting) ready(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') ready(installing);
        });
      });
      const timer = setInterval(() => {
        registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
      stops.push(() => clearInterval(timer));
    })
    .catch((error: unknown) => console.warn('The app will not open offline:', error));
  return () => stops.forEach((stop) => stop());
}

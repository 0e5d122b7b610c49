import { PUBLISH_TYPING_PAUSE, PublishQueue } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { browserTimers } from '../../services/broadcast-signal';
import { type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { publishCurrentFile } from './publish-service';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// When the user last typed in the editor: text put in (beforeinput) or a key that edits (one
// without Ctrl, Meta or Alt, so that a shortcut such as Ctrl+S is no typing).
let lastTypedAt = Number.NEGATIVE_INFINITY;
let listening = false;

function followTyping(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const inEditor = (target: EventTarget | null) =>
    target instanceof Element && target.closest('.cm-content') !== null;
  const typed = (event: Event) => {
    if (!inEditor(event.target)) return;
    if (event instanceof KeyboardEvent && (event.ctrlKey || event.metaKey || event.altKey)) return;
    lastTypedAt = browserTimers.now();
  };
  window.addEventListener('beforeinput', typed, { capture: true, passive: true });
  window.addEventListener('keydown', typed, { capture: true, passive: true });
}

const queues = new WeakMap<AppStore, PublishQueue>();

/** The app's publish queue (spec providers §4): one per store, following the user's typing in
 * the editor; its errors while online become error notifications. */
export function publishQueue(store: AppStore): PublishQueue {
  let queue = queues.get(store);
  if (!queue) {
    followTyping();
    queue = new PublishQueue({
      timers: browserTimers,
      isUserTyping: () => browserTimers.now() - lastTypedAt < PUBLISH_TYPING_PAUSE,
      isOffline: () => store.getState().sync.offline,
      notifyError: (error) => {
        console.error(error);
        store.dispatch(notified('error', message(error)));
      },
    });
    queues.set(store, queue);
  }
  return queue;
}

/**
 * Queues a publish of the current file to its publish locations (spec providers §4): it starts
 * once the user paused typing, after any publish asked before it; its notice ('"{name}" was
 * published to {n} location(s).') and each failed location's error are notifications. A publish
 * that failed while offline is asked again, once, when the browser is back online.
 */
export function requestPublish(services: AppServices, store: AppStore): Promise<void> {
  const fileId = store.getState().workspace.currentFileId;
  return publishQueue(store)
    .request(async () => {
      // The file asked for, or nothing: the user may have opened another one meanwhile.
      if (store.getState().workspace.currentFileId !== fileId) return;
      const report = await publishCurrentFile(services, store);
      if (report.message) store.dispatch(notified('info', report.message));
      const failures = report.failures.map((failure) => failure.error);
      // Offline, the first failure goes back to the requester (rethrown by the queue).
      if (failures.length > 0 && store.getState().sync.offline) throw failures[0];
      for (const error of failures) store.dispatch(notified('error', message(error)));
    })
    .catch((error: unknown) => {
      console.warn('Publishing waits for the network:', message(error));
      window.addEventListener(
        'online',
        () => {
          if (store.getState().workspace.currentFileId === fileId) {
            requestPublish(services, store).catch(console.error);
          }
        },
        { once: true },
      );
    });
}

import { type Announcer } from './announcer';
import { type SyncService } from './sync';

/** What the announcer says once Ctrl/Cmd+S has stored the text. */
export const SAVED = 'Saved';
/** …in a synced workspace while the app is offline: stored here, no sync asked. */
export const SAVED_OFFLINE = 'Saved in this browser. You are offline: not synced.';

/** Whether a key event is Ctrl+S (⌘+S on a Mac), with or without Shift: the save key, which
 * the app keeps from the browser (its "Save page" dialog) everywhere. */
export function isSaveKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's';
}

/** What `saveNow` works with. */
export interface SaveNowServices {
  editor: { current: { save(): Promise<boolean> } | null };
  sync: Pick<SyncService, 'syncable' | 'canSyncNow' | 'requestNow'>;
  announcer: Pick<Announcer, 'say'>;
}

/**
 * Ctrl/Cmd+S: stores the editor's text now (not after the usual pause) and says "Saved"; in a
 * synced workspace it then asks for a sync, announced as the sync button's is. A failed save
 * is reported by the editor (an error notification) and asks for nothing more.
 */
export async function saveNow({ editor, sync, announcer }: SaveNowServices): Promise<void> {
  const saved = (await editor.current?.save()) ?? false;
  if (!saved) return;
  if (sync.syncable && !sync.canSyncNow) {
    announcer.say(SAVED_OFFLINE);
    return;
  }
  announcer.say(SAVED);
  if (sync.syncable) sync.requestNow();
}

import { type Announcer } from './announcer';
import { keyLetter } from './key-letter';
import { type ModalType } from './modals';
import type { SyncService } from './sync';

/** What the announcer says once Ctrl/Cmd+S has stored the text. */
export const SAVED = 'Saved';
/** …in a synced workspace while the app is offline: stored here, no sync asked. */
export const SAVED_OFFLINE = 'Saved in this browser. You are offline: not synced.';
/** …with a dialog open that keeps edits of its own (see EDITING_DIALOGS): said in place of
 * "Saved", so that nobody takes the dialog's edits for saved. */
export const TEXT_SAVED = 'Text saved.';

/** What is said of the open dialog `title` after the text: Ctrl+S does not save its edits
 * (only its Ok does, and a dialog's Ok is never pressed by a key that means "save"). */
export const dialogNotSaved = (title: string) => `Changes in ${title} are saved when you press Ok.`;

/** The dialogs whose Ok stores what was edited in them (Cancel and Escape drop it), by their
 * titles. Ctrl+S with one of them on top says that their edits wait for Ok. */
export const EDITING_DIALOGS: Partial<Record<ModalType, string>> = {
  settings: 'Settings',
  fileProperties: 'File properties',
  templates: 'Templates',
};

/** The keys of a key event that `isSaveKey` reads. */
export interface SaveKeyEvent {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Whether a key event is Ctrl+S (⌘+S on a Mac), with or without Shift: the save key, which
 * the app keeps from the browser (its "Save page" dialog) everywhere. On a layout of another
 * script (Russian: 'ы'), the key where S is, as the browser's own Save page reads it. */
export function isSaveKey(event: SaveKeyEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && keyLetter(event) === 's';
}

/** What `saveNow` works with. */
export interface SaveNowServices {
  editor: { current: { save(): Promise<boolean> } | null };
  sync: Pick<SyncService, 'syncable' | 'canSyncNow' | 'requestNow'>;
  announcer: Pick<Announcer, 'say'>;
}

/**
 * Ctrl/Cmd+S: stores the editor's text now (not after the usual pause) and says "Saved"; in a
 * synced workspace it then asks for a sync, announced as the sync button's is. With a dialog
 * open that keeps edits of its own (`dialog`, its title), it says that only the text was saved
 * and that the dialog's edits wait for its Ok. A failed save is reported by the editor (an error
 * notification) and asks for nothing more.
 */
export async function saveNow(
  { editor, sync, announcer }: SaveNowServices,
  dialog?: string,
): Promise<void> {
  const saved = (await editor.current?.save()) ?? false;
  if (!saved) return;
  const offline = sync.syncable && !sync.canSyncNow;
  const said = offline ? SAVED_OFFLINE : dialog ? TEXT_SAVED : SAVED;
  announcer.say(dialog ? `${said} ${dialogNotSaved(dialog)}` : said);
  if (sync.syncable && !offline) sync.requestNow();
}

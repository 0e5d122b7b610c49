// Work that reads the stored text of the open file (the workspace zip, a sync, an export) stores
// what the editor holds first, and stops when that fails rather than use older text.

import { LOCAL_DB_ERROR } from './workspace';

/** The editor's text could not be stored before work that reads it; its message is the local
 * database error, which the editor has shown already. */
export class TextNotSavedError extends Error {
  constructor() {
    super(LOCAL_DB_ERROR);
    this.name = 'TextNotSavedError';
  }
}

/** The part of the editor `saveEditorFirst` uses: its save (Ctrl/Cmd+S), and whether it has a
 * file open (without one its text is read-only, and nothing is waiting to be saved). */
export interface SavingEditor {
  save(): Promise<boolean>;
  readonly view: { readonly state: { readonly readOnly: boolean } };
}

/**
 * Stores what the editor holds, before work that reads the stored text: resolves once it is
 * stored, or at once when no editor or no file is open; rejects with {@link TextNotSavedError}
 * when the save failed, so that the work stops instead of producing something out of date (a
 * zip announced as downloaded without the last words typed).
 */
export async function saveEditorFirst(editor: {
  readonly current: SavingEditor | null;
}): Promise<void> {
  const open = editor.current;
  if (!open || open.view.state.readOnly) return;
  if (!(await open.save())) throw new TextNotSavedError();
}

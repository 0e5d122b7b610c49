import type { EditorView } from '@codemirror/view';

// The editor shown before the app's code has loaded (early-editor.ts), kept here for the app to
// take over. This module holds no code of CodeMirror's: the app and the workspace import it on
// the first screen's path.

/** An editor shown by the early start, with the file it shows. */
export interface EarlyEditor {
  readonly view: EditorView;
  /** The file whose text it shows: a stored file, or the Welcome file the app creates with
   * this id (a first visit). */
  readonly fileId: string;
  /** The text it was given: what the user typed is its difference from this. */
  readonly baseText: string;
  /** Whether the file is still to be created (a first visit: the Welcome file). */
  readonly welcome: boolean;
  /** The app's shortcuts pressed in it, oldest first, for the app's editor to run (once). */
  pendingKeys(): KeyboardEvent[];
  /** Takes its view out of its placeholder, which goes; the view lives on in the app. */
  detach(): void;
  /** The app holds the view now: its listeners go, and the early journal with them, unless
   * `keepTyped` (the app opened another file): then what was typed is written in the journal,
   * kept for that file's next opening. */
  finish(keepTyped: boolean): void;
  /** No editor of the app takes it over: what was typed is written in the journal, and the view
   * goes. */
  dismiss(): void;
}

let kept: EarlyEditor | undefined;
let taken = false;

/** Keeps the early editor for the app. */
export function keepEarlyEditor(editor: EarlyEditor): void {
  kept = editor;
  taken = false;
}

/** The early editor, once: the first editor the app creates after it was kept takes it over;
 * later ones (another workspace, a remount) start their own. */
export function takeEarlyEditor(): EarlyEditor | undefined {
  if (taken) return undefined;
  taken = true;
  const editor = kept;
  kept = undefined;
  return editor;
}

/** The id the Welcome file of a first visit gets, when the early editor shows it already (the
 * early journal, if the page closed meanwhile, names that id). */
export function earlyWelcomeId(): string | undefined {
  return kept?.welcome ? kept.fileId : undefined;
}

/** The app will not show an editor (the workspace failed to open, or another one opened): what
 * was typed goes into the journal, and the early editor goes. */
export function dismissEarlyEditor(): void {
  takeEarlyEditor()?.dismiss();
}

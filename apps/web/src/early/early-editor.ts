import { history, redo, undo } from '@codemirror/commands';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import {
  BUTTON_BAR_WIDTH,
  EXPLORER_WIDTH,
  NAVIGATION_BAR_HEIGHT,
  SIDE_BAR_WIDTH,
  STATUS_BAR_HEIGHT,
} from '../constants';
import { textMetrics } from '../layout/text-metrics';
import { EARLY_JOURNAL_KEY, type EarlyDocument } from './early-document';
import { type EarlyEditor, keepEarlyEditor } from './early-handle';
import './early-editor.css';

// The editor of the first screen, before the app's code has loaded (docs/adr/0008): the file's
// text in a plain CodeMirror view (no highlighting, the basic keys and undo), where the editor
// pane will be. The app takes the view over when its editor opens the same file
// (EditorController): the text typed meanwhile, the caret and the focus go on there. Until then,
// a page hidden or closed keeps what was typed in the unsaved journal's localStorage copy.

/** Shows the early editor over the splash screen and keeps it for the app. */
export function showEarlyEditor(document_: EarlyDocument): EarlyEditor {
  const { layout } = document_;
  const placeholder = document.createElement('div');
  placeholder.className = 'early-editor';
  const { fontSize, textWidth } = textMetrics(window.innerWidth, 1, 1);
  const left = layout.showExplorer ? EXPLORER_WIDTH : 0;
  const right = BUTTON_BAR_WIDTH + (layout.showSideBar ? SIDE_BAR_WIDTH : 0);
  const style = placeholder.style;
  style.setProperty('--font-size', `${fontSize}px`);
  style.setProperty('--text-width', `${textWidth}px`);
  style.setProperty('--early-top', `${layout.showNavigationBar ? NAVIGATION_BAR_HEIGHT : 0}px`);
  style.setProperty('--early-bottom', `${layout.showStatusBar ? STATUS_BAR_HEIGHT : 0}px`);
  style.setProperty('--early-left', `${left}px`);
  // With the side preview, the editor has the left half of what is between the side parts.
  style.setProperty(
    '--early-right',
    layout.showSidePreview ? `calc((100vw - ${left + right}px) / 2 + ${right}px)` : `${right}px`,
  );
  document.body.append(placeholder);

  const text = document_.text;
  const pendingKeys: KeyboardEvent[] = [];
  const selection = document_.selection;
  const view = new EditorView({
    parent: placeholder,
    state: EditorState.create({
      doc: text,
      selection: selection && EditorSelection.single(selection.anchor, selection.head),
      extensions: [
        history(),
        keymap.of([
          { key: 'Mod-z', run: undo, preventDefault: true },
          { key: 'Mod-y', run: redo, preventDefault: true },
          { key: 'Mod-Shift-z', run: redo, preventDefault: true },
        ]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Editor', spellcheck: 'true' }),
        // The app's shortcuts wait for the app: kept, and run by its editor once it takes over.
        EditorView.domEventHandlers({
          keydown: (event) => {
            if (!isAppShortcut(event)) return false;
            event.preventDefault();
            pendingKeys.push(event);
            return true;
          },
        }),
      ],
    }),
  });
  // Where it was scrolled, as the app's editor puts it back (EditorController.restoreScroll).
  const scroll = document_.scroll;
  if (scroll) {
    view.dispatch({ effects: EditorView.scrollIntoView(scroll.pos, { y: 'start', yMargin: 0 }) });
    view.requestMeasure({
      read: () => null,
      write: () => {
        view.scrollDOM.scrollTop += scroll.offset;
      },
    });
  }
  view.focus();
  // From here the editor takes typing into the file: the cold load's end (bench/src/load.ts).
  performance.mark('inkstone:editable');

  let journalWritten = false;
  const writeJournal = () => {
    const typed = view.state.doc.toString();
    if (typed === text) return;
    const { anchor, head } = view.state.selection.main;
    try {
      localStorage.setItem(
        EARLY_JOURNAL_KEY,
        JSON.stringify({
          fileId: document_.fileId,
          baseText: text,
          text: typed,
          selection: { from: Math.min(anchor, head), to: Math.max(anchor, head) },
          at: Date.now(),
        }),
      );
      journalWritten = true;
    } catch (error) {
      console.error('The journal could not be written.', error);
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') writeJournal();
  };
  window.addEventListener('pagehide', writeJournal);
  document.addEventListener('visibilitychange', onVisibility);
  const stopListening = () => {
    window.removeEventListener('pagehide', writeJournal);
    document.removeEventListener('visibilitychange', onVisibility);
  };

  const early: EarlyEditor = {
    view,
    fileId: document_.fileId,
    baseText: text,
    welcome: document_.welcome,
    pendingKeys: () => pendingKeys.splice(0),
    detach: () => placeholder.remove(),
    finish: (keepTyped) => {
      stopListening();
      if (keepTyped) writeJournal();
      if (keepTyped || !journalWritten) return;
      try {
        localStorage.removeItem(EARLY_JOURNAL_KEY);
      } catch {
        // Nothing to remove.
      }
    },
    dismiss: () => {
      stopListening();
      writeJournal();
      view.destroy();
      placeholder.remove();
    },
  };
  keepEarlyEditor(early);
  return early;
}

// The keys the browser itself edits with (copy, cut, paste, select all) or the early editor
// handles (undo, redo) are not the app's, nor are the keys that move the caret (Ctrl+Home…), which
// the browser moves in the early editor; the other Ctrl/Cmd combinations with a character, and F3,
// are the app's.
const EDITING_KEYS = new Set(['a', 'c', 'v', 'x', 'y', 'z']);

export function isAppShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  if (event.key === 'F3') return true;
  if (!(event.ctrlKey || event.metaKey) || event.key.length !== 1) return false;
  return !EDITING_KEYS.has(event.key.toLowerCase());
}

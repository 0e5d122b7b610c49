import { defaultKeymap, history, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches } from '@codemirror/search';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import { EditorView, type KeyBinding, keymap } from '@codemirror/view';
import { MAX_TEXT_LENGTH } from '@inkstone/core';
import { editorChrome, markdownHighlight } from './colours';
import { markdownHighlighting } from './highlight';
import { findHighlights } from './find/find-highlight';
import { type FindDirection, findStepKey } from './find/step-key';
import { markdownSupport } from './markdown-language';
import { capParseSlices } from './parse-slices';

/** Undo history per spec interface §9: 200 steps, edits grouped until 1000 ms of idleness. */
const UNDO_DEPTH = 200;
const UNDO_GROUP_DELAY = 1000;

/** What the editor tells the app. */
export interface EditorCallbacks {
  /** The text would go over the 10,000,000 characters a file holds: the change was refused. */
  onTextLimit(): void;
  /** Ctrl/Cmd+F (`find`), or Ctrl/Cmd+H or Alt+Ctrl/Cmd+F (`replace`): open the find bar. */
  onFind(mode: FindMode): void;
  /** F3 or Ctrl/Cmd+G (`next`), Shift+F3 or Shift+Ctrl/Cmd+G (`previous`): go to the next or
   * previous match of the find bar. */
  onFindStep(direction: FindDirection): void;
  /** Escape: close the find bar; whether it was open. */
  onEscape(): boolean;
}

/** Which field of the find bar gets the focus. */
export type FindMode = 'find' | 'replace';

/** The editor's extensions: markdown (`language`: by default the markdown support loaded so
 * far, markdown-language.ts; its HTML and code blocks highlighted once the full one is in), undo
 * and redo, line wrapping, the accessible name "Editor", the find bar's keys and highlights (in
 * place of CodeMirror's own search panel), and a refusal of any change that makes the text longer than a file holds
 * (`MAX_TEXT_LENGTH`, 10,000,000 characters with the final newline, ADR 0006; spec core §5 cuts
 * the text; refusing the input says so instead of cutting silently).
 *
 * The caret and the selection are the browser's own, not CodeMirror's drawn layer
 * (`drawSelection`): drawing them costs a measure and a redraw of the layer on every keystroke,
 * which doubled the time from a keystroke to the frame showing it on a 250,000-character text
 * (docs/reference/choices.md, "Editor caret and selection"). Vim mode brings the drawn layer back
 * (editor-options.ts). */
export function editorExtensions(
  callbacks: EditorCallbacks,
  more: Extension[] = [],
  language: Extension = markdownSupport(),
): Extension[] {
  // CodeMirror's background parse in slices under a long task's 50 ms (parse-slices.ts).
  capParseSlices();
  return [
    history({ minDepth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY }),
    EditorView.lineWrapping,
    EditorState.allowMultipleSelections.of(false),
    // (Its Enter and Backspace for lists come with the list options: see lists.ts.)
    language,
    markdownHighlighting(markdownHighlight),
    editorChrome,
    highlightSelectionMatches(),
    findHighlights(),
    // Undo and redo are commands of the registry, with the other configurable keys.
    keymap.of([...findKeymap(callbacks), indentWithTab, ...defaultKeymap]),
    // (`tabindex` changes nothing for the browser, an editable element is focusable anyway; it
    // says so to checkers that only look for it, such as axe's scrollable-region rule.)
    EditorView.contentAttributes.of({ 'aria-label': 'Editor', spellcheck: 'true', tabindex: '0' }),
    EditorState.transactionFilter.of((tr) => {
      if (tr.docChanged && tr.newDoc.length > tr.startState.doc.length && overLimit(tr.newDoc)) {
        callbacks.onTextLimit();
        return [];
      }
      return tr;
    }),
    ...more,
  ];
}

/** Whether storing `doc` would cut it (see `isTextTooLong`): more than `MAX_TEXT_LENGTH`
 * characters, or exactly that many with no final newline to keep (storing adds one). Only the
 * length and the last character are read, whatever the length. */
function overLimit(doc: Text): boolean {
  if (doc.length < MAX_TEXT_LENGTH) return false;
  if (doc.length > MAX_TEXT_LENGTH) return true;
  return doc.sliceString(doc.length - 1) !== '\n';
}

function findKeymap(callbacks: EditorCallbacks): KeyBinding[] {
  const open = (mode: FindMode) => () => {
    callbacks.onFind(mode);
    return true;
  };
  return [
    { key: 'Mod-f', run: open('find'), preventDefault: true },
    // F3, Ctrl/Cmd+G and their Shift forms, the keys of every editor people know (and of the
    // browser's own find, which they replace while the editor has the focus), read as the find
    // bar reads them: a key name would miss Shift+Ctrl+G sent as a lower-case "g".
    {
      any: (_view, event) => {
        const direction = findStepKey(event);
        if (!direction) return false;
        event.preventDefault();
        callbacks.onFindStep(direction);
        return true;
      },
    },
    { key: 'Mod-h', run: open('replace'), preventDefault: true },
    { key: 'Alt-Mod-f', run: open('replace'), preventDefault: true },
    { key: 'Escape', run: () => callbacks.onEscape() },
  ];
}

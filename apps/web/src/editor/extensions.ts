import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import { syntaxHighlighting } from '@codemirror/language';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, keymap } from '@codemirror/view';
import { MAX_TEXT_LENGTH } from '@inkstone/core';
import { editorChrome, markdownHighlight } from './colours';

/** Undo history per spec interface §9: 200 steps, edits grouped until 1000 ms of idleness. */
const UNDO_DEPTH = 200;
const UNDO_GROUP_DELAY = 1000;

/** What the editor tells the app. */
export interface EditorCallbacks {
  /** The text would go over 250,000 characters: the change was refused. */
  onTextLimit(): void;
}

/** The editor's extensions: markdown with highlighted code blocks, undo and redo, line wrapping,
 * the accessible name "Editor", and a refusal of any change past the text limit (spec core §5:
 * the text is cut at 250,000 characters; refusing the input says so instead of cutting
 * silently). */
export function editorExtensions(callbacks: EditorCallbacks, more: Extension[] = []): Extension[] {
  return [
    history({ minDepth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY }),
    drawSelection(),
    EditorView.lineWrapping,
    EditorState.allowMultipleSelections.of(false),
    markdown({ base: markdownLanguage, codeLanguages: languages }),
    syntaxHighlighting(markdownHighlight),
    editorChrome,
    highlightSelectionMatches(),
    keymap.of([indentWithTab, ...defaultKeymap, ...historyKeymap, ...searchKeymap]),
    EditorView.contentAttributes.of({ 'aria-label': 'Editor', spellcheck: 'true' }),
    EditorState.transactionFilter.of((tr) => {
      if (tr.docChanged && tr.newDoc.length > MAX_TEXT_LENGTH) {
        if (tr.newDoc.length > tr.startState.doc.length) {
          callbacks.onTextLimit();
          return [];
        }
      }
      return tr;
    }),
    ...more,
  ];
}

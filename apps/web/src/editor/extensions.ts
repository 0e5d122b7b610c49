import { defaultKeymap, history, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import { HighlightStyle, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { MAX_TEXT_LENGTH } from '@inkstone/core';

/** Undo history per spec interface §9: 200 steps, edits grouped until 1000 ms of idleness. */
const UNDO_DEPTH = 200;
const UNDO_GROUP_DELAY = 1000;

/** Markdown source highlighting: structure visible at a glance, the text still plain text. */
const markdownHighlight = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.3em' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.18em' },
  { tag: tags.heading3, fontWeight: '700', fontSize: '1.08em' },
  { tag: [tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: 'var(--ink-link)' },
  { tag: tags.url, color: 'var(--ink-muted)' },
  { tag: tags.monospace, fontFamily: 'var(--ink-mono)' },
  { tag: tags.quote, color: 'var(--ink-muted)', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--ink-mark)' },
  { tag: tags.list, color: 'var(--ink-mark)' },
]);

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
    // (Its Enter and Backspace for lists come with the list options: see lists.ts.)
    markdown({ base: markdownLanguage, codeLanguages: languages, addKeymap: false }),
    syntaxHighlighting(markdownHighlight),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    highlightSelectionMatches(),
    // Undo and redo are commands of the registry, with the other configurable keys.
    keymap.of([indentWithTab, ...defaultKeymap, ...searchKeymap]),
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

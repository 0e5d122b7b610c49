import { HighlightStyle } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/** Markdown source highlighting: structure visible at a glance, the text still plain text. Every
 * colour is a CSS variable of the editor pane (`--ink-editor-*`, `--ink-hl-*` for fenced code),
 * so the light and dark colour themes and the editor themes restyle it without a new
 * extension (docs/concepts/themes.md). */
export const markdownHighlight = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.3em' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.18em' },
  { tag: tags.heading3, fontWeight: '700', fontSize: '1.08em' },
  { tag: [tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.heading, color: 'var(--ink-editor-heading)' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: 'var(--ink-editor-link)' },
  { tag: tags.url, color: 'var(--ink-editor-url)' },
  { tag: tags.monospace, fontFamily: 'var(--ink-mono)', color: 'var(--ink-editor-code)' },
  { tag: tags.quote, color: 'var(--ink-editor-quote)', fontStyle: 'italic' },
  {
    tag: [tags.processingInstruction, tags.meta, tags.contentSeparator],
    color: 'var(--ink-editor-mark)',
  },
  { tag: tags.list, color: 'var(--ink-editor-mark)' },
  // Code of fenced blocks, in the preview's code colours.
  { tag: tags.comment, color: 'var(--ink-hl-comment)', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.operatorKeyword], color: 'var(--ink-hl-keyword)' },
  { tag: [tags.string, tags.regexp], color: 'var(--ink-hl-string)' },
  { tag: [tags.number, tags.bool, tags.atom], color: 'var(--ink-hl-number)' },
  { tag: [tags.typeName, tags.className, tags.namespace], color: 'var(--ink-hl-type)' },
  {
    tag: [tags.function(tags.variableName), tags.definition(tags.variableName)],
    color: 'var(--ink-hl-title)',
  },
  { tag: [tags.propertyName, tags.attributeName], color: 'var(--ink-hl-attr)' },
]);

/** The editor's caret, selection and search matches in the pane's colours. */
export const editorChrome = EditorView.theme({
  '.cm-content': { caretColor: 'var(--ink-editor-caret)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ink-editor-caret)' },
  // The browser's own selection (see editorExtensions: no drawn selection layer).
  '.cm-content ::selection, .cm-content::selection': {
    backgroundColor: 'var(--ink-editor-selection)',
  },
  '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground':
    { background: 'var(--ink-editor-selection)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--ink-editor-match)' },
  '.cm-searchMatch': { backgroundColor: 'var(--ink-editor-match)' },
  '.cm-panels': { backgroundColor: 'var(--ink-panel)', color: 'var(--ink-fg)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--ink-border)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--ink-border)' },
  '.cm-textfield': { color: 'inherit' },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--ink-surface)',
    color: 'inherit',
  },
});

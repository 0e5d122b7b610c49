import { type ThemeKind } from './catalogue';

const EDIT_TEMPLATE = `/* Your edit area theme: change the colours, then Save.
   Any CSS works; these variables colour the editor pane. */
.app .editor {
  --ink-editor-bg: #fbf8f1;
  --ink-editor-fg: #2e2a24;
  --ink-editor-heading: #7a3e12;
  --ink-editor-link: #1d5fa8;
  --ink-editor-url: #7d7466;
  --ink-editor-mark: #b0762b;
  --ink-editor-quote: #6d665b;
  --ink-editor-code: #3c5a2a;
  --ink-editor-caret: #7a3e12;
  --ink-editor-selection: #ecdcbf;
}
`;

const PREVIEW_TEMPLATE = `/* Your preview area theme: change the colours, then Save.
   Any CSS works; these variables colour the preview pane. */
.app .preview {
  --ink-preview-bg: #fbf8f1;
  --ink-preview-fg: #2e2a24;
  --ink-preview-heading: #7a3e12;
  --ink-preview-link: #1d5fa8;
  --ink-preview-muted: #6d665b;
  --ink-preview-border: #e4dccb;
  --ink-preview-quote-border: #c9a66b;
  --ink-preview-code-bg: #f2ecdf;
  --ink-preview-inline-code-bg: #efe6d4;
}
`;

/** What the custom theme's style text starts with before the user saves one: the variables a
 * theme sets, with example colours. */
export function customThemeTemplate(kind: ThemeKind): string {
  return kind === 'edit' ? EDIT_TEMPLATE : PREVIEW_TEMPLATE;
}

// Runs in the browser: CodeMirror by itself, the floor under the app's figures. No language, no
// extension but line wrapping (the app wraps lines too), the browser's own caret as in the app;
// bundled by the benchmark (typing.ts) into a page with nothing else on it.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

declare global {
  interface Window {
    /** Shows `text` in a bare editor and puts the caret at the end of `line`. */
    startFloorEditor(text: string, line: string): void;
  }
}

window.startFloorEditor = (text, line) => {
  const view = new EditorView({
    parent: document.body,
    state: EditorState.create({ doc: text, extensions: [EditorView.lineWrapping] }),
  });
  // About the size of the app's editor pane beside the preview.
  view.dom.style.height = '100vh';
  view.dom.style.width = '700px';
  const caret = text.indexOf(line) + line.length;
  view.dispatch({ selection: { anchor: caret }, scrollIntoView: true });
  view.focus();
};

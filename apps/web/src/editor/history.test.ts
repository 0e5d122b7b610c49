import { redo, redoDepth, undo, undoDepth } from '@codemirror/commands';
import { EditorState, Transaction } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from './extensions';

// An editor with the app's extensions, typed into at given times (milliseconds).
class TestEditor {
  state = EditorState.create({
    extensions: editorExtensions({
      onTextLimit: () => {},
      onFind: () => {},
      onFindStep: () => {},
      onEscape: () => false,
    }),
  });

  type(text: string, time: number): void {
    const at = this.state.doc.length;
    this.state = this.state.update({
      changes: { from: at, insert: text },
      selection: { anchor: at + text.length },
      userEvent: 'input.type',
      annotations: Transaction.time.of(time),
    }).state;
  }

  run(command: typeof undo): boolean {
    return command({ state: this.state, dispatch: (tr) => (this.state = tr.state) });
  }

  get text(): string {
    return this.state.doc.toString();
  }
}

describe('undo history (spec interface §9)', () => {
  it('groups edits until 1000 ms of pause', () => {
    const editor = new TestEditor();
    editor.type('a', 0);
    editor.type('b', 900);
    editor.type('c', 2000);
    editor.run(undo);
    expect(editor.text).toBe('ab');
    editor.run(undo);
    expect(editor.text).toBe('');
  });

  it('keeps at least 200 steps (CodeMirror drops the oldest 20 at a time)', () => {
    const editor = new TestEditor();
    for (let i = 0; i < 260; i += 1) editor.type('x', i * 2000);
    expect(undoDepth(editor.state)).toBeGreaterThanOrEqual(200);
    expect(undoDepth(editor.state)).toBeLessThanOrEqual(220);
  });

  it('redoes what was undone, until a new edit', () => {
    const editor = new TestEditor();
    editor.type('one', 0);
    editor.type(' two', 2000);
    editor.run(undo);
    expect(redoDepth(editor.state)).toBe(1);
    editor.run(redo);
    expect(editor.text).toBe('one two');
    editor.run(undo);
    editor.type(' three', 6000);
    expect(redoDepth(editor.state)).toBe(0);
    expect(editor.run(redo)).toBe(false);
    expect(editor.text).toBe('one three');
  });
});

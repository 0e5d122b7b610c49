import { history } from '@codemirror/commands';
import { EditorState, Transaction, type TransactionSpec } from '@codemirror/state';
import { type EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { ModalCancelled } from '../../services/modals';
import { COMMANDS, type CommandContext, type CommandName } from './registry';

// What the commands use of an editor view: its state, dispatch and focus (no DOM needed).
function view(doc: string, from: number, to: number, readOnly = false): EditorView {
  const editor = {
    state: EditorState.create({
      doc,
      selection: { anchor: from, head: to },
      extensions: [history(), EditorState.readOnly.of(readOnly)],
    }),
    dispatch(spec: Transaction | TransactionSpec) {
      editor.state = spec instanceof Transaction ? spec.state : editor.state.update(spec).state;
    },
    focus() {},
  };
  return editor as unknown as EditorView;
}

// Runs the command `name` with dialogs that answer `answer` (or are cancelled).
function run(name: CommandName, target: EditorView, answer?: unknown): boolean {
  const modals = {
    open: () =>
      answer === undefined ? Promise.reject(new ModalCancelled()) : Promise.resolve(answer),
  } as unknown as CommandContext['modals'];
  return COMMANDS.find((command) => command.name === name)!.run({ view: target, modals });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the command registry', () => {
  it('formats the selection and selects the result', () => {
    const editor = view('a word', 2, 6);
    expect(run('bold', editor)).toBe(true);
    expect(editor.state.doc.toString()).toBe('a **word**');
    const { from, to } = editor.state.selection.main;
    expect(editor.state.sliceDoc(from, to)).toBe('word');
  });

  it('does nothing when the text cannot be changed', () => {
    const editor = view('a word', 2, 6, true);
    for (const command of COMMANDS) expect(run(command.name, editor, { url: 'x' })).toBe(false);
    expect(editor.state.doc.toString()).toBe('a word');
  });

  it('inserts what the link dialog gives, and nothing when it is cancelled', async () => {
    const editor = view('a word', 2, 6);
    run('link', editor);
    await settle();
    expect(editor.state.doc.toString()).toBe('a word');
    run('link', editor, { url: 'https://a.example', title: 'A' });
    await settle();
    expect(editor.state.doc.toString()).toBe('a [word](https://a.example "A")');
  });

  it('undoes and redoes', () => {
    const editor = view('a word', 2, 6);
    expect(run('undo', editor)).toBe(false);
    expect(run('italic', editor)).toBe(true);
    expect(run('undo', editor)).toBe(true);
    expect(editor.state.doc.toString()).toBe('a word');
    expect(run('redo', editor)).toBe(true);
    expect(editor.state.doc.toString()).toBe('a *word*');
  });
});

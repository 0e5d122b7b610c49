import { history, undo } from '@codemirror/commands';
import { EditorState, Transaction, type TransactionSpec } from '@codemirror/state';
import { type EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { type CommandContext, COMMANDS } from './registry';
import { editorConflicts, resolveInEditor } from './resolve-conflict';

// What these functions use of an editor view: its state and dispatch (no DOM needed).
function view(doc: string): EditorView {
  const editor = {
    state: EditorState.create({ doc, extensions: [history()] }),
    dispatch(spec: Transaction | TransactionSpec) {
      editor.state = spec instanceof Transaction ? spec.state : editor.state.update(spec).state;
    },
    focus() {},
  };
  return editor as unknown as EditorView;
}

const block = '<<<<<<< this tab\nmine\n=======\ntheirs\n>>>>>>> another tab';
const text = `Intro\n${block}\nEnd\n`;

describe('resolveInEditor', () => {
  it('keeps the version chosen, as one step that undo takes back alone', () => {
    const editor = view(text);
    // Typing at the block's end just before, and at the caret just after: in the same moment and
    // place, typing would join the step before it.
    const end = text.indexOf('\nEnd');
    editor.dispatch({ changes: { from: end, insert: ' 2' }, userEvent: 'input.type' });
    const [found] = editorConflicts(editor);
    expect(found!.remoteLabel).toBe('another tab 2');
    expect(resolveInEditor(editor, found!, 'remote')).toBe(true);
    expect(editor.state.doc.toString()).toBe('Intro\ntheirs\nEnd\n');
    const caret = editor.state.selection.main.head;
    expect(caret).toBe('Intro\n'.length);
    editor.dispatch({ changes: { from: caret, insert: 'So ' }, userEvent: 'input.type' });
    undo(editor);
    expect(editor.state.doc.toString()).toBe('Intro\ntheirs\nEnd\n');
    undo(editor);
    expect(editor.state.doc.toString()).toBe(text.replace('another tab', 'another tab 2'));
    undo(editor);
    expect(editor.state.doc.toString()).toBe(text);
  });

  it('does nothing when the block is no longer where it was', () => {
    const editor = view(text);
    const [found] = editorConflicts(editor);
    editor.dispatch({ changes: { from: 0, insert: 'Moved ' } });
    expect(resolveInEditor(editor, found!, 'both')).toBe(false);
    expect(editor.state.doc.toString()).toBe(`Moved ${text}`);
  });
});

describe('the resolveConflicts command', () => {
  const run = (editor: EditorView) => {
    const opened: string[] = [];
    const modals = {
      open: (type: string) => {
        opened.push(type);
        return Promise.resolve();
      },
    } as unknown as CommandContext['modals'];
    const command = COMMANDS.find((entry) => entry.name === 'resolveConflicts')!;
    return { ran: command.run({ view: editor, modals }), opened };
  };

  it('opens the dialog only when the text holds a conflict block', () => {
    expect(run(view(text))).toEqual({ ran: true, opened: ['conflicts'] });
    expect(run(view('<<<<<<< no block\n'))).toEqual({ ran: false, opened: [] });
  });
});

import { redo, undo } from '@codemirror/commands';
import { EditorSelection, type EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { ignore, type ModalMap, type ModalStack } from '../../services/modals';
import { type Formatter } from './format';
import { code, table } from './insert-block';
import { image, link } from './insert-link';
import { blockquote, checkList, heading, orderedList, unorderedList } from './line-prefix';
import { editorConflicts } from './resolve-conflict';
import { wrapSelection } from './wrap-selection';

/** Where a command runs: the editor, and the dialogs it may ask through. */
export interface CommandContext {
  view: EditorView;
  modals: Pick<ModalStack, 'open'>;
}

/** One action of the editor (Excalidraw's habit): the toolbar, the keyboard and any menu all
 * read these. */
export interface EditorCommand {
  /** Its name, as the `shortcuts` setting names it. */
  name: string;
  /** Its button's accessible name. */
  label: string;
  /** Its default key bindings (CodeMirror key names, `Mod` is Ctrl or ⌘). */
  keys: readonly string[];
  /** Does what it does; false when it did not apply. */
  run(context: CommandContext): boolean;
  /** Listed in the editor's menu only, not in the formatting toolbar. */
  menuOnly?: boolean;
}

/** Applies a formatting command to the editor's main selection, as one undoable edit. */
export function applyFormat(
  view: EditorView,
  formatter: Formatter,
  userEvent = 'input.format',
): boolean {
  if (!isEditable(view.state)) return false;
  const { from, to } = view.state.selection.main;
  const result = formatter(view.state.doc.toString(), { from, to });
  if (!result) return false;
  view.dispatch({
    changes: result.changes,
    selection: EditorSelection.single(result.selection.anchor, result.selection.head),
    userEvent,
    scrollIntoView: true,
  });
  view.focus();
  return true;
}

/** Whether the text in the editor may be changed (a file is open and editable). */
export function isEditable(state: EditorState): boolean {
  return !state.readOnly && state.facet(EditorView.editable);
}

const format =
  (formatter: Formatter) =>
  ({ view }: CommandContext) =>
    applyFormat(view, formatter);

// A command that asks its dialog first; a cancelled dialog changes nothing.
function viaDialog<K extends 'link' | 'image'>(
  type: K,
  formatter: (details: ModalMap[K]['result']) => Formatter,
) {
  return ({ view, modals }: CommandContext): boolean => {
    if (!isEditable(view.state)) return false;
    const open = modals.open.bind(modals) as (type: K) => Promise<ModalMap[K]['result']>;
    open(type).then((details) => applyFormat(view, formatter(details)), ignore);
    return true;
  };
}

// Asks the chat assistant; its answer goes in at the selection, as one edit (Ctrl+Z takes it
// out again).
function chatAssistant({ view, modals }: CommandContext): boolean {
  if (!isEditable(view.state)) return false;
  modals.open('chatGpt').then((answer) => {
    if (!isEditable(view.state)) return;
    const { from, to } = view.state.selection.main;
    view.dispatch({
      changes: { from, to, insert: answer },
      selection: { anchor: from + answer.length },
      userEvent: 'input.chat',
      scrollIntoView: true,
    });
    view.focus();
  }, ignore);
  return true;
}

// Opens the "Resolve conflicts" dialog when the text holds a conflict block.
function resolveConflicts({ view, modals }: CommandContext): boolean {
  if (!isEditable(view.state) || editorConflicts(view).length === 0) return false;
  modals.open('conflicts').catch(ignore);
  return true;
}

/** Every command, in toolbar order (spec interface §2: undo, redo, then the formatting
 * entries). Default keys are listed in docs/reference/choices.md. */
export const COMMANDS = [
  { name: 'undo', label: 'Undo', keys: ['Mod-z'], run: ({ view }) => undo(view) },
  { name: 'redo', label: 'Redo', keys: ['Mod-Shift-z', 'Mod-y'], run: ({ view }) => redo(view) },
  { name: 'bold', label: 'Bold', keys: ['Mod-b'], run: format(wrapSelection('**', 'strong text')) },
  {
    name: 'italic',
    label: 'Italic',
    keys: ['Mod-i'],
    run: format(wrapSelection('*', 'emphasized text')),
  },
  { name: 'heading', label: 'Heading', keys: ['Mod-Shift-h'], run: format(heading) },
  {
    name: 'strikethrough',
    label: 'Strikethrough',
    keys: ['Mod-Shift-x'],
    run: format(wrapSelection('~~', 'strikethrough text')),
  },
  {
    name: 'unorderedList',
    label: 'Unordered list',
    keys: ['Mod-Shift-8'],
    run: format(unorderedList),
  },
  { name: 'orderedList', label: 'Ordered list', keys: ['Mod-Shift-7'], run: format(orderedList) },
  { name: 'checkList', label: 'Check list', keys: ['Mod-Shift-9'], run: format(checkList) },
  { name: 'blockquote', label: 'Blockquote', keys: ['Mod-Shift-.'], run: format(blockquote) },
  { name: 'code', label: 'Code', keys: ['Mod-e'], run: format(code) },
  { name: 'table', label: 'Table', keys: ['Mod-Alt-y'], run: format(table) },
  { name: 'link', label: 'Link', keys: ['Mod-k'], run: viaDialog('link', link) },
  { name: 'image', label: 'Image', keys: ['Mod-Alt-k'], run: viaDialog('image', image) },
  { name: 'chatGpt', label: 'ChatGPT', keys: [], run: chatAssistant },
  {
    name: 'resolveConflicts',
    label: 'Resolve conflicts',
    keys: [],
    run: resolveConflicts,
    menuOnly: true,
  },
] as const satisfies readonly EditorCommand[];

/** A command's name. */
export type CommandName = (typeof COMMANDS)[number]['name'];

import { Compartment, type Extension, Prec } from '@codemirror/state';
import { drawSelection, type EditorView, keymap, type KeyBinding } from '@codemirror/view';
import { listEditing } from './lists';

/**
 * The parts of the editor that the settings change while it runs: the command keys (setting
 * `shortcuts`), list numbering (`editor.listAutoNumber`) and Vim mode (`editor.vimMode`), each
 * in a compartment of its own. The values are kept, so that a new editor state (another file)
 * gets them too.
 */
export class EditorOptions {
  private readonly keys = new Compartment();
  private readonly lists = new Compartment();
  private readonly vim = new Compartment();
  private bindings: readonly KeyBinding[] = [];
  private autoNumber = true;
  private vimExtension: Extension = [];
  private vimWanted = false;

  constructor(private readonly view: () => EditorView) {}

  /** The extensions of a new editor state, as the options are now. */
  extensions(): Extension[] {
    return [
      this.vim.of(this.vimExtension),
      this.keys.of(Prec.high(keymap.of(this.bindings))),
      this.lists.of(listEditing(this.autoNumber)),
    ];
  }

  /** The key bindings of the commands (see `commandKeymap`). */
  setKeymap(bindings: readonly KeyBinding[]): void {
    this.bindings = bindings;
    this.reconfigure(this.keys, Prec.high(keymap.of(bindings)));
  }

  /** Whether ordered lists are renumbered as items come and go. */
  setListAutoNumber(on: boolean): void {
    if (on === this.autoNumber) return;
    this.autoNumber = on;
    this.reconfigure(this.lists, listEditing(on));
  }

  /** Switches Vim key bindings on or off; their code is loaded the first time they are on. */
  async setVimMode(on: boolean): Promise<void> {
    this.vimWanted = on;
    // Vim hides the browser's selection and draws its own block cursor; its visual mode's
    // selection is drawn by CodeMirror's selection layer, which the editor otherwise leaves out
    // (see editorExtensions).
    const extension = on
      ? [Prec.highest((await import('@replit/codemirror-vim')).vim()), drawSelection()]
      : [];
    // Switched again while loading: the last call decides.
    if (this.vimWanted !== on) return;
    this.vimExtension = extension;
    this.reconfigure(this.vim, extension);
  }

  private reconfigure(compartment: Compartment, extension: Extension): void {
    this.view().dispatch({ effects: compartment.reconfigure(extension) });
  }
}

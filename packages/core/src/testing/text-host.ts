import { type TextHost } from '../session/content-session.js';
import { applyEdits, type TextEdit } from '../merge/text-edit.js';

/** A stand-in editor: a text the test types into, which takes edits from other tabs. */
export class FakeEditor implements TextHost {
  applied = 0;
  constructor(public text: string) {}

  getText(): string {
    return this.text;
  }

  applyEdits(edits: TextEdit[]): void {
    this.applied += 1;
    this.text = applyEdits(this.text, edits);
  }

  /** Types `insert` at `at` (replacing `remove` characters). */
  type(at: number, insert: string, remove = 0): void {
    this.text = this.text.slice(0, at) + insert + this.text.slice(at + remove);
  }
}

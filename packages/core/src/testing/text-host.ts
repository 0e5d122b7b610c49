import { type TextHost } from '../session/content-session.js';
import { type ContentPlace } from '../session/place.js';
import { applyEdits, type TextEdit } from '../merge/text-edit.js';

/** A stand-in editor: a text the test types into, which takes edits from other tabs. Given a
 * place (`at`), it tells the session where its caret is. */
export class FakeEditor implements TextHost {
  applied = 0;
  /** Where the user is, told to the session's saves; set it with `at`. */
  getPlace?: () => ContentPlace;
  constructor(public text: string) {}

  /** Puts the caret (or the selection `from`–`to`) there, the view scrolled to `top`. */
  at(from: number, to = from, top: { pos: number; offset: number } | null = null): void {
    const place = { selectionStart: from, selectionEnd: to, scrollPosition: top };
    this.getPlace = () => place;
  }

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

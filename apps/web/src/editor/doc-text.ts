import { type Text } from '@codemirror/state';

/**
 * The editor's text as one string, made once per version of the document and shared by whoever
 * asks for it (the preview, the word count, the conflict count, the save, the unsaved journal).
 * Each `doc.toString()` makes a new copy of the whole text, and whoever keeps a piece of a copy
 * (a line, a token) keeps the whole copy alive: at 2,000,000 characters one copy is 4 MB, and
 * the app held five or six of them (docs/concepts/long-manuscripts.md). A CodeMirror `Text` never
 * changes, so its string is cached by identity.
 */
export class DocText {
  private doc: Text | null = null;
  private text = '';

  /** The string of `doc`: the one given before for this very `doc`, else made now (and kept). */
  of(doc: Text): string {
    if (doc !== this.doc) {
      this.doc = doc;
      this.text = doc.toString();
    }
    return this.text;
  }

  /**
   * Takes `text` as the string of `doc` when `doc` was made from it (a file opened): the editor,
   * the preview and the session then share the string read from the database instead of each
   * holding a copy. Ignored unless it is exactly `doc`'s text: CodeMirror reads `\r` and `\r\n`
   * as line breaks and gives them back as `\n`, so a text holding a `\r` is not taken.
   */
  adopt(doc: Text, text: string): void {
    if (doc.length !== text.length || text.includes('\r')) return;
    this.doc = doc;
    this.text = text;
  }
}

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
      this.text = flatString(doc);
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

/**
 * The text of `doc`, as `doc.toString()` gives it, made as one flat string. `toString` adds the
 * lines up one by one: the result is a rope of two small strings per line (about 1.2 MB for
 * `doc-1m`), which the first reader of a character (the save's check of the final newline) then
 * copies into a flat string of the whole text (2 MB more: two bytes a character there). Joined,
 * the lines go straight into that flat string (docs/concepts/long-manuscripts.md, "Copies per
 * save").
 */
export function flatString(doc: Text): string {
  const lines = new Array<string>(doc.lines);
  let index = 0;
  for (const line of doc.iterLines()) lines[index++] = line;
  return lines.join('\n');
}

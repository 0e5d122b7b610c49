/** A change of the text: `text.slice(from, to)` replaced by `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** Where a change landed, in lines: lines `[startLine, oldEndLine]` of the text before became
 * lines `[startLine, newEndLine]` after it. */
export interface LineChange {
  startLine: number;
  oldEndLine: number;
  newEndLine: number;
}

/** A text kept as its lines, with the offset where each starts, so that a change costs what it
 * touches and reading a few lines never copies the whole text. */
export class LineIndex {
  // The lines, without their newline; there is always at least one (maybe empty).
  private texts: string[] = [''];
  private starts: number[] = [0];

  /** Replaces the whole text. */
  reset(text: string): void {
    this.texts = text.split('\n');
    this.starts = new Array<number>(this.texts.length);
    this.restart(0);
  }

  /** The current text (joined on demand). */
  get text(): string {
    return this.texts.join('\n');
  }

  /** The text length. */
  get length(): number {
    const last = this.texts.length - 1;
    return this.starts[last]! + this.texts[last]!.length;
  }

  /** Number of lines (a text ending with a newline has an empty last line). */
  get lineCount(): number {
    return this.texts.length;
  }

  /** Offset where line `line` starts; `lineCount` gives the text length. */
  lineStart(line: number): number {
    return line >= this.texts.length ? this.length : this.starts[line]!;
  }

  /** The line holding offset `offset`. */
  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The text of line `line`, without its newline ('' past the end). */
  line(line: number): string {
    return this.texts[line] ?? '';
  }

  /** The text of lines `[from, to)`, each with its newline (the last line has none). */
  lines(from: number, to: number): string {
    const end = Math.min(to, this.texts.length);
    if (from >= end) return '';
    const joined = this.texts.slice(from, end).join('\n');
    return end < this.texts.length ? `${joined}\n` : joined;
  }

  /** Applies one change (offsets in the current text) and says which lines it touched. */
  apply(change: TextChange): LineChange {
    const { from, to, insert } = change;
    if (from < 0 || to < from || to > this.length) {
      throw new RangeError(`Change ${from}–${to} is outside the text (${this.length}).`);
    }
    const startLine = this.lineOf(from);
    const oldEndLine = this.lineOf(to);
    const head = this.texts[startLine]!.slice(0, from - this.starts[startLine]!);
    const tail = this.texts[oldEndLine]!.slice(to - this.starts[oldEndLine]!);
    const replacement = (head + insert + tail).split('\n');
    this.texts.splice(startLine, oldEndLine - startLine + 1, ...replacement);
    this.starts.length = this.texts.length;
    this.restart(startLine);
    return { startLine, oldEndLine, newEndLine: startLine + replacement.length - 1 };
  }

  // Recomputes line starts from line `from` on.
  private restart(from: number): void {
    let offset = from === 0 ? 0 : this.starts[from - 1]! + this.texts[from - 1]!.length + 1;
    for (let line = from; line < this.texts.length; line += 1) {
      this.starts[line] = offset;
      offset += this.texts[line]!.length + 1;
    }
  }
}

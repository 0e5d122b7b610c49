import type {
  BlockContext,
  Element,
  LeafBlock,
  LeafBlockParser,
  Line,
  MarkdownConfig,
} from '@lezer/markdown';
import { Tree } from '@lezer/common';
import { endsRun, isLazy, LineCounter, RUN_MIN_LINES } from './parse-runs';

// A row of dashes (and colons) between pipes: the line under a table's head.
const DELIMITER_LINE = /^[>\s]*\|?(\s*:?-+:?\s*\|)+(\s*:?-+:?\s*)?$/;

// Lines seen so far in each table being parsed.
const counter = new LineCounter();

/**
 * Cuts a very long table into runs of rows in the editor's syntax tree (never in the text, nor
 * in the preview, which has its own rules). The markdown parser reads a table as one block and
 * parses every row of it again at every keystroke in it: at 2,500 rows that was about 50 ms a
 * keystroke. Cut into runs (parse-runs.ts: 32 to 128 lines, where the rows' text says), a
 * keystroke parses one run again.
 *
 * Every run after the first is a `Table` node of its own holding `TableRow`s (no head): the rows,
 * cells, pipes and their inline content are the nodes the parser makes for them in one table, so
 * the highlighting is the same. A run is recognised by where it starts: right after a table, with
 * no blank line between, which the markdown parser never does by itself (the lines after a
 * table's rows are more of its rows) unless the line after is the dashes of a new table's head.
 */
export const longTables: MarkdownConfig = {
  parseBlock: [
    {
      name: 'TableRun',
      before: 'Table',
      leaf(cx: BlockContext, leaf: LeafBlock): LeafBlockParser | null {
        if (!hasPipe(leaf.content, 0) || !followsTable(cx)) return null;
        if (DELIMITER_LINE.test(cx.peekLine())) return null;
        return new TableRun(cx, leaf);
      },
      endLeaf(cx: BlockContext, line: Line, leaf: LeafBlock): boolean {
        if (!leaf.parsers.some(isTable)) return false;
        const lines = counter.next(leaf);
        if (lines <= RUN_MIN_LINES) return false;
        if (isLazy(cx, line)) return false;
        // (Never before a row of dashes, nor before the row above one: a run starting there would
        // read as a new table's head.)
        if (!hasPipe(line.text, line.pos) || DELIMITER_LINE.test(line.text)) return false;
        if (DELIMITER_LINE.test(cx.peekLine())) return false;
        return endsRun(lines, line);
      },
    },
  ],
};

/** The rows of a table after a cut. */
class TableRun implements LeafBlockParser {
  private readonly rows: Element[];

  constructor(cx: BlockContext, leaf: LeafBlock) {
    this.rows = [tableRow(cx, leaf.content, 0, leaf.start)];
  }

  nextLine(cx: BlockContext, line: Line): boolean {
    this.rows.push(tableRow(cx, line.text, line.pos, cx.lineStart));
    return false;
  }

  finish(cx: BlockContext, leaf: LeafBlock): boolean {
    cx.addLeafElement(
      leaf,
      cx.elt('Table', leaf.start, leaf.start + leaf.content.length, this.rows),
    );
    return true;
  }
}

// Whether a leaf's parser has found a table in it: GFM's table parser keeps its rows in an array
// once the second line made it a table (null before, false when it is not one); a run is one.
function isTable(parser: LeafBlockParser): boolean {
  return parser instanceof TableRun || Array.isArray((parser as { rows?: unknown }).rows);
}

// Whether the block before the current line, in the same container, is a table that ends at the
// end of the line before (no blank line between).
function followsTable(cx: BlockContext): boolean {
  // (The container being parsed and what it holds so far: not in the parser's typings.)
  const block = (
    cx as unknown as { block?: { from: number; children: unknown[]; positions: number[] } }
  ).block;
  if (!block) return false;
  // The container's own marks on the current line (a quote's `>`) come after the table.
  let last = block.children.length - 1;
  while (last >= 0 && block.from + block.positions[last]! >= cx.lineStart) last -= 1;
  if (last < 0) return false;
  // (Blocks taken over from the tree before an edit may come as a group: its last one counts.)
  let node = block.children[last];
  let from = block.from + block.positions[last]!;
  while (node instanceof Tree && node.type.isAnonymous && node.children.length > 0) {
    const inner = node.children.length - 1;
    from += node.positions[inner]!;
    node = node.children[inner];
  }
  if (!(node instanceof Tree) || node.type.name !== 'Table') return false;
  return from + node.length === cx.prevLineEnd();
}

// A row of a table as the GFM table parser makes one: a `TableDelimiter` for each pipe not
// escaped, and a `TableCell` with its inline content for the text between two, spaces around it
// left out. `text` from `from` is the row; `offset` is where `text` starts in the document.
function tableRow(cx: BlockContext, text: string, from: number, offset: number): Element {
  const children: Element[] = [];
  let cellStart = -1;
  let cellEnd = -1;
  let escaped = false;
  const cell = () => {
    const inline = cx.parser.parseInline(text.slice(cellStart, cellEnd), offset + cellStart);
    children.push(cx.elt('TableCell', offset + cellStart, offset + cellEnd, inline));
  };
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 124 /* | */ && !escaped) {
      if (cellStart > -1) cell();
      children.push(cx.elt('TableDelimiter', offset + i, offset + i + 1));
      cellStart = cellEnd = -1;
    } else if (escaped || (code !== 32 && code !== 9)) {
      if (cellStart < 0) cellStart = i;
      cellEnd = i + 1;
    }
    escaped = !escaped && code === 92; /* \ */
  }
  if (cellStart > -1) cell();
  return cx.elt('TableRow', offset + from, offset + text.length, children);
}

// Whether `text` from `from` holds a pipe that is not escaped.
function hasPipe(text: string, from: number): boolean {
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 124 /* | */) return true;
    if (code === 92 /* \ */) i += 1;
  }
  return false;
}

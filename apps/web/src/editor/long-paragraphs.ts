import type { BlockContext, LeafBlock, Line, MarkdownConfig } from '@lezer/markdown';
import { endsRun, isLazy, LineCounter, RUN_MIN_LINES } from './parse-runs';

// Lines seen so far in each paragraph being parsed.
const counter = new LineCounter();

/**
 * Cuts a very long paragraph into several in the editor's syntax tree (never in the text, nor
 * in the preview, which has its own rules). The markdown parser reads a paragraph whole before
 * it knows its inline content, and parses it again whole at every keystroke in it: at 2,500 lines
 * that was about 70 ms a keystroke. Cut into runs of 32 to 128 lines, a keystroke re-parses one.
 *
 * What a cut can change is colour only, around it: emphasis, a link or code that runs across
 * the cut is not shown as one. A cut comes only before a line that starts with a letter and is
 * not a lazy continuation of a quote or list item (those would end the container), and never
 * in a table.
 */
export const longParagraphs: MarkdownConfig = {
  parseBlock: [
    {
      name: 'LongParagraphCut',
      endLeaf(cx: BlockContext, line: Line, leaf: LeafBlock): boolean {
        const lines = counter.next(leaf);
        if (lines <= RUN_MIN_LINES) return false;
        if (!/\p{L}/u.test(line.text.charAt(line.pos))) return false;
        if (isLazy(cx, line)) return false;
        const firstLine = leaf.content.slice(0, leaf.content.indexOf('\n'));
        if (firstLine.includes('|')) return false;
        return endsRun(lines, line);
      },
    },
  ],
};

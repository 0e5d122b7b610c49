import type { BlockContext, LeafBlock, Line, MarkdownConfig } from '@lezer/markdown';
import { textHash } from '@inkstone/markdown';

/** A paragraph is never cut before it has this many lines, and always after this many. */
const MIN_LINES = 32;
const MAX_LINES = 128;
// Between the two, it is cut before a line whose text's hash has its top 4 bits clear (about
// one line in 16): where the cuts fall depends on the lines' text, not on their count, so after
// an edit the cuts below it fall where they did and their parse is reused.
const CUT_SHIFT = 28;

// Lines seen so far in each paragraph being parsed.
const seen = new WeakMap<LeafBlock, number>();

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
        const lines = (seen.get(leaf) ?? 1) + 1;
        seen.set(leaf, lines);
        if (lines <= MIN_LINES) return false;
        if (!/\p{L}/u.test(line.text.charAt(line.pos))) return false;
        // (A lazy line matched fewer containers than the paragraph is in.)
        if ((line as unknown as { depth?: number }).depth !== cx.depth) return false;
        const firstLine = leaf.content.slice(0, leaf.content.indexOf('\n'));
        if (firstLine.includes('|')) return false;
        return lines > MAX_LINES || textHash(line.text) >>> CUT_SHIFT === 0;
      },
    },
  ],
};

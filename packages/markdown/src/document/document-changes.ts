import { type Unit } from './unit.js';

/**
 * What the changes since a document's last update left for the next one to do: the blocks they
 * made (prepared first), and whether the definitions blocks make for each other, or the heading
 * anchors and footnote numbers, must be worked out again. Edits (`BlockList`) and inline parsing
 * (`InlineParser`) set it; `MarkdownDocument.update` acts on it and clears it.
 */
export class DocumentChanges {
  /** Blocks the changes since the last update made. */
  readonly fresh = new Set<Unit>();
  /** Set when a block that makes definitions (or could) came or went since the last update. */
  definitionsChanged = true;
  /**
   * Set when what heading anchors and footnote numbers are worked out from may have changed
   * since they last were: a block with headings or footnote references came, went or was parsed
   * again, blocks moved to other lines, or the footnote definitions changed. Typing in a block
   * without either leaves them as they were, and they are not worked out again.
   */
  crossBlockChanged = true;
}

import { type Talk } from '@inkstone/core';

/** The name of the preview's discussion highlight (CSS `::highlight(inkstone-discussion)`). */
export const PREVIEW_HIGHLIGHT = 'inkstone-discussion';

/** A discussion as the preview looks for it: the words of its range and the line it starts on. */
export interface PreviewAnchor {
  words: string;
  line: number;
}

/** What the preview highlights of each locatable discussion: its range's words, the markdown's
 * marks left out (`*`, `_`, `` ` ``, `#`, `>`, brackets), and the (0-based) line it starts on. */
export function previewAnchors(talk: Talk, text: string): PreviewAnchor[] {
  const anchors: PreviewAnchor[] = [];
  for (const d of Object.values(talk.discussions)) {
    if (!(d.start < d.end && d.end <= text.length)) continue;
    const words = plain(text.slice(d.start, d.end));
    if (words === '') continue;
    let line = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < d.start; i = text.indexOf('\n', i + 1))
      line += 1;
    anchors.push({ words, line });
  }
  return anchors;
}

const plain = (source: string) =>
  source
    .replace(/[*_`#>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Highlights the anchors' words in the preview `root`, with the CSS Custom Highlight API (no
 * change to the preview's elements): each one searched from the block its line renders
 * (`data-line`, the greatest at or before it), else from the top; the first match is marked.
 * Nothing where the browser lacks the API. */
export function highlightPreview(root: HTMLElement, anchors: PreviewAnchor[]): void {
  const registry = (globalThis as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights;
  const HighlightClass = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown })
    .Highlight;
  if (!registry || !HighlightClass) return;
  const ranges: Range[] = [];
  if (anchors.length > 0) {
    const blocks = [...root.querySelectorAll<HTMLElement>('[data-line]')];
    for (const anchor of anchors) {
      let from: HTMLElement | undefined;
      for (const block of blocks) {
        const line = Number(block.dataset.line);
        if (line <= anchor.line && (!from || line > Number(from.dataset.line))) from = block;
      }
      // (Inside a section, `data-line` counts from the section's first line: a block found may
      // be past the words; then they are looked for from the top.)
      const range = findWords(root, anchor.words, from) ?? findWords(root, anchor.words);
      if (range) ranges.push(range);
    }
  }
  if (ranges.length === 0) registry.delete(PREVIEW_HIGHLIGHT);
  else registry.set(PREVIEW_HIGHLIGHT, new HighlightClass(...ranges));
}

// The first place after `from` (or the start of `root`) where the text of `root`, its white
// space collapsed, holds `words`.
function findWords(root: HTMLElement, words: string, from?: HTMLElement): Range | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  // The text seen so far, collapsed, and for each of its characters, its node and offset.
  let text = '';
  const where: [Text, number][] = [];
  let started = !from;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!started) {
      if (!from?.contains(node) && !(from!.compareDocumentPosition(node) & 4)) continue;
      started = true;
    }
    const value = node.data;
    for (let i = 0; i < value.length; i += 1) {
      const char = /\s/.test(value[i]!) ? ' ' : value[i]!;
      if (char === ' ' && text.endsWith(' ')) continue;
      text += char;
      where.push([node, i]);
    }
  }
  const at = text.indexOf(words);
  if (at === -1) return null;
  const [startNode, startOffset] = where[at]!;
  const [endNode, endOffset] = where[at + words.length - 1]!;
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset + 1);
  return range;
}

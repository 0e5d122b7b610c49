import type MarkdownIt from 'markdown-it';
import type { StateBlock } from 'markdown-it';
import { buildToc, type TocNode } from '../../toc.js';
import { type Heading } from '../../types.js';

/** Token type of the `[TOC]` marker. */
export const TOC = 'toc';

/** The render environment the table of contents reads: the document's headings. */
export interface TocEnv {
  tocHeadings?: readonly Heading[];
}

/**
 * `[TOC]` on a line of its own inserts a table of contents of the document's headings in
 * place. The headings come from the document (every block), so the marker's block is
 * re-rendered whenever a heading changes.
 */
export function tableOfContents(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'toc', tocMarker);
  md.renderer.rules[TOC] = (tokens, idx, _options, env: TocEnv, self) => {
    const escape = md.utils.escapeHtml;
    const list = (nodes: TocNode[]): string =>
      nodes.length === 0
        ? ''
        : `<ul>\n${nodes
            .map(
              (node) =>
                `<li><a href="#${escape(node.heading.id)}">${escape(node.heading.text)}</a>${list(node.children)}</li>\n`,
            )
            .join('')}</ul>\n`;
    return `<nav class="table-of-contents"${self.renderAttrs(tokens[idx]!)}>\n${list(buildToc(env.tocHeadings ?? []))}</nav>\n`;
  };
}

// A line of its own holding only the marker, not inside a paragraph. Nothing but that line
// decides it, so the block parses the same wherever it is (see MarkdownDocument).
function tocMarker(
  state: StateBlock,
  startLine: number,
  _endLine: number,
  silent: boolean,
): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const line = state.src.slice(start, state.eMarks[startLine]!).trim();
  if (line !== '[TOC]' && line !== '[toc]') return false;
  const next = startLine + 1;
  if (silent) return true;
  const token = state.push(TOC, 'nav', 0);
  token.block = true;
  token.map = [startLine, next];
  state.line = next;
  return true;
}

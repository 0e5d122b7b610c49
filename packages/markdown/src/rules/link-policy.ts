import type MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';
import { isSafeUrl } from '../url-policy.js';

/**
 * Applies the URL policy of interface.md §5 while parsing. markdown-it asks `validateLink`
 * without saying whether the URL is a link or an image, so it allows what an image may use;
 * the `unsafeLinks` core rule then unwraps links whose target only an image may use
 * (`blob:`, `data:image/…`), keeping their text. A refused URL leaves the markdown as text.
 */
export function applyLinkPolicy(md: MarkdownIt): void {
  md.validateLink = (url) => isSafeUrl(url, 'image');
  md.core.ruler.push('unsafe_links', unsafeLinks);
}

function unsafeLinks(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type === 'inline' && token.children) {
      token.children = unwrapUnsafe(token.children);
    }
  }
}

function unwrapUnsafe(children: Token[]): Token[] {
  if (!children.some((child) => child.type === 'link_open' && !isSafeLink(child))) {
    return children;
  }
  const kept: Token[] = [];
  let unwrapping = false;
  for (const child of children) {
    if (child.type === 'link_open' && !isSafeLink(child)) {
      unwrapping = true;
    } else if (child.type === 'link_close' && unwrapping) {
      unwrapping = false;
    } else {
      kept.push(child);
    }
  }
  return kept;
}

function isSafeLink(token: Token): boolean {
  return isSafeUrl(token.attrGet('href') ?? '', 'link');
}

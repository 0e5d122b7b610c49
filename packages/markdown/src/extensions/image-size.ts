import type { StateInline, Token } from 'markdown-it';
import { type MarkdownExtension } from './extension.js';

// `=WIDTHxHEIGHT`, either number optional (`=100x`, `=x200`), in pixels; or `=sSIZE`, the size
// the image dialog writes (spec interface §5), a width.
const SIZE = /^=(?:(\d*)x(\d*)|s(\d+))/;

/**
 * Image sizes in the destination of an inline image: `![alt](src =100x200)` renders
 * `<img src="src" alt="alt" width="100" height="200">`; `=100x` sets only the width, `=x200`
 * only the height; `=s320`, as the image dialog writes it, is a width of 320. The size follows the destination after a space, before or after a title
 * (`![alt](src "title" =100x200)`). Sizes are whole pixels. An image without a size is left to
 * markdown-it's own rule, unchanged.
 */
export const imageSizeExtension: MarkdownExtension = {
  name: 'imgsize',
  apply(md) {
    md.inline.ruler.before('image', 'image_size', sizedImage);
  },
};

// Parses `![label](destination [title] =WxH [title])`; declines anything else.
function sizedImage(state: StateInline, silent: boolean): boolean {
  const { src, md, posMax: max } = state;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x21 /* ! */ || src.charCodeAt(start + 1) !== 0x5b /* [ */) {
    return false;
  }
  const labelEnd = md.helpers.parseLinkLabel(state, start + 1, false);
  if (labelEnd < 0 || src.charCodeAt(labelEnd + 1) !== 0x28 /* ( */) return false;

  let pos = skipSpace(state, labelEnd + 2);
  const destination = md.helpers.parseLinkDestination(src, pos, max);
  if (!destination.ok) return false;
  const href = md.normalizeLink(destination.str);
  if (!md.validateLink(href)) return false;

  let title: string | undefined;
  let size: RegExpExecArray | undefined;
  pos = destination.pos;
  while (pos < max && src.charCodeAt(pos) !== 0x29 /* ) */) {
    // Each part is separated from the one before by whitespace.
    const next = skipSpace(state, pos);
    if (next === pos) return false;
    pos = next;
    if (pos >= max || src.charCodeAt(pos) === 0x29) break;
    const sizeMatch = size === undefined ? SIZE.exec(src.slice(pos, max)) : null;
    if (sizeMatch && (sizeMatch[1] || sizeMatch[2] || sizeMatch[3])) {
      size = sizeMatch;
      pos += sizeMatch[0].length;
      continue;
    }
    if (title !== undefined) return false;
    const parsed = md.helpers.parseLinkTitle(src, pos, max);
    if (!parsed.ok) return false;
    title = parsed.str;
    pos = parsed.pos;
  }
  if (pos >= max || size === undefined) return false;

  if (!silent) {
    const label = src.slice(start + 2, labelEnd);
    const children: Token[] = [];
    md.inline.parse(label, md, state.env, children);
    const token = state.push('image', 'img', 0);
    token.attrs = [
      ['src', href],
      ['alt', ''],
    ];
    token.children = children;
    token.content = label;
    if (title) token.attrs.push(['title', title]);
    const width = size[1] || size[3];
    if (width) token.attrs.push(['width', width]);
    if (size[2]) token.attrs.push(['height', size[2]]);
  }
  state.pos = pos + 1;
  return true;
}

function skipSpace(state: StateInline, from: number): number {
  let pos = from;
  while (pos < state.posMax) {
    const code = state.src.charCodeAt(pos);
    if (!state.md.utils.isSpace(code) && code !== 0x0a) break;
    pos += 1;
  }
  return pos;
}

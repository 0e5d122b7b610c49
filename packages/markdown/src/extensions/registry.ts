import {
  breaksExtension,
  fenceExtension,
  linkifyExtension,
  tableExtension,
  typographerExtension,
} from './builtin-rules.js';
import { deflistExtension } from './deflist.js';
import { emojiExtension } from './emoji.js';
import { type MarkdownExtension } from './extension.js';
import { footnoteExtension } from './footnote.js';
import { imageSizeExtension } from './image-size.js';
import { katexExtension } from './katex.js';
import { markExtension } from './mark.js';
import { strikethroughExtension } from './strikethrough.js';
import { subscriptExtension } from './subscript.js';
import { superscriptExtension } from './superscript.js';
import { taskListExtension } from './task-list.js';

/**
 * Every extension the converter knows, in the order they are applied. One explicit list: an
 * extension exists when it is named here, never by importing a file for its side effects.
 * `mermaid` and `abc` are read by the fence renderer (`createMarkdownIt`); `abbr` and `toc` are
 * not implemented yet, so their switches change nothing.
 */
export const EXTENSIONS: readonly MarkdownExtension[] = [
  breaksExtension,
  fenceExtension,
  linkifyExtension,
  typographerExtension,
  tableExtension,
  strikethroughExtension,
  subscriptExtension,
  superscriptExtension,
  markExtension,
  deflistExtension,
  imageSizeExtension,
  emojiExtension,
  footnoteExtension,
  katexExtension,
  taskListExtension,
];

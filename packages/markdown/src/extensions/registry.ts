import {
  breaksExtension,
  delExtension,
  fenceExtension,
  linkifyExtension,
  tableExtension,
  typographerExtension,
} from './builtin-rules.js';
import { type MarkdownExtension } from './extension.js';
import { footnoteExtension } from './footnote.js';
import { katexExtension } from './katex.js';
import { taskListExtension } from './task-list.js';

/**
 * Every extension the converter knows, in the order they are applied. One explicit list: an
 * extension exists when it is named here, never by importing a file for its side effects.
 * `mermaid` and `abc` are read by the fence renderer (`createMarkdownIt`).
 */
export const EXTENSIONS: readonly MarkdownExtension[] = [
  breaksExtension,
  fenceExtension,
  linkifyExtension,
  typographerExtension,
  tableExtension,
  delExtension,
  footnoteExtension,
  katexExtension,
  taskListExtension,
];

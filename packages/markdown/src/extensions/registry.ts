import { delExtension, tableExtension } from './builtin-rules.js';
import { type MarkdownExtension } from './extension.js';
import { footnoteExtension } from './footnote.js';
import { katexExtension } from './katex.js';
import { taskListExtension } from './task-list.js';

/**
 * Every extension the converter knows, in the order they are applied. One explicit list: an
 * extension exists when it is named here, never by importing a file for its side effects.
 */
export const EXTENSIONS: readonly MarkdownExtension[] = [
  delExtension,
  tableExtension,
  footnoteExtension,
  katexExtension,
  taskListExtension,
];

import { type ConverterOptions, resolveConverterOptions } from './converter-options.js';
import { MarkdownDocument } from './document/markdown-document.js';
import { createPipeline } from './document/pipeline.js';
import { type Highlighter } from './rules/fence.js';
import { type Rendered } from './types.js';

/** Converts markdown to HTML with one configured markdown-it instance, reused across renders. */
export interface Converter {
  /** The options it was created with, resolved. */
  readonly options: ConverterOptions;
  /** Renders a whole document. Same input, same output: ids and line numbers are stable. */
  render(markdown: string): Rendered;
  /** A document kept rendered block by block as it changes, for a live preview. */
  createDocument(text?: string): MarkdownDocument;
}

/**
 * Creates a converter: one markdown-it instance configured once for the options (a preset and
 * extension switches) and shared by every document it renders; `highlight`, when given,
 * highlights fenced code. Its HTML must go through a `Sanitizer` before it reaches a page.
 */
export function createConverter(
  options?: Parameters<typeof resolveConverterOptions>[0],
  highlight?: Highlighter,
): Converter {
  const resolved: ConverterOptions = resolveConverterOptions(options);
  const md = createPipeline(resolved, highlight);
  return {
    options: resolved,
    render(markdown) {
      const document = new MarkdownDocument(md);
      document.reset(markdown);
      return document.renderHtml();
    },
    createDocument(text = '') {
      const document = new MarkdownDocument(md);
      document.reset(text);
      return document;
    },
  };
}

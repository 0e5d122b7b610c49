import { type ConverterOptions, resolveConverterOptions } from './converter-options.js';
import { createMarkdownIt } from './create-markdown-it.js';
import { headingAnchors } from './rules/heading-anchors.js';
import { sourceLines } from './rules/source-lines.js';
import { type Converter, type RenderEnv } from './types.js';

/**
 * Creates a converter: one markdown-it instance configured once (CommonMark plus the switched
 * extensions, raw HTML kept; linkify, typographer and breaks off) and reused by every
 * `render`. Its HTML must go through a `Sanitizer` before it reaches a page.
 */
export function createConverter(options?: Partial<ConverterOptions>): Converter {
  const md = createMarkdownIt(resolveConverterOptions(options));
  // Last, after `text_join` and every extension, so they see the final tokens.
  md.core.ruler.push('heading_anchors', headingAnchors);
  md.core.ruler.push('source_lines', sourceLines);

  return {
    render(markdown) {
      const env: RenderEnv = { headings: [] };
      const html = md.render(markdown, env);
      return { html, headings: env.headings };
    },
    renderSections(markdown) {
      const env: RenderEnv = { headings: [] };
      const tokens = md.parse(markdown, env);
      const sections: string[] = [];
      // A section is a run of tokens that opens and closes at the top level: one block.
      let start = 0;
      let depth = 0;
      for (let i = 0; i < tokens.length; i += 1) {
        depth += tokens[i]!.nesting;
        if (depth === 0) {
          sections.push(md.renderer.render(tokens.slice(start, i + 1), md.options, env));
          start = i + 1;
        }
      }
      if (start < tokens.length) {
        sections.push(md.renderer.render(tokens.slice(start), md.options, env));
      }
      return { sections, headings: env.headings };
    },
  };
}

import MarkdownIt from 'markdown-it';
import { type ConverterOptions } from './converter-options.js';
import { EXTENSIONS } from './extensions/registry.js';
import { createFenceRenderer, type DiagramKind } from './rules/fence.js';
import { applyLinkPolicy } from './rules/link-policy.js';

/**
 * Builds the markdown-it instance for resolved options: the base preset, markdown-it's own
 * options, and every switched-on extension of the registry. Rules that need the whole document
 * (heading anchors, source lines, footnote numbering) are added by the converter, not here:
 * this instance must be able to parse one block at a time.
 */
export function createMarkdownIt(options: ConverterOptions): MarkdownIt {
  const md = new MarkdownIt('commonmark', {
    html: options.html,
    xhtmlOut: false,
    breaks: false,
    linkify: false,
    typographer: false,
  });
  for (const extension of EXTENSIONS) {
    if (options[extension.name]) extension.apply(md);
  }
  applyLinkPolicy(md);
  const diagrams = new Set<DiagramKind>();
  if (options.mermaid) diagrams.add('mermaid');
  if (options.abc) diagrams.add('abc');
  md.renderer.rules.fence = createFenceRenderer(md, diagrams);
  return md;
}

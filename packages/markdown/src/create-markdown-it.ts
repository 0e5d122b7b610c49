import MarkdownIt from 'markdown-it';
import type { RendererRule } from 'markdown-it';
import { type ConverterOptions, type MarkdownPreset } from './converter-options.js';
import { EXTENSIONS } from './extensions/registry.js';
import { SINGLE_TILDE_RULE } from './extensions/strikethrough.js';
import { createFenceRenderer, type DiagramKind, type Highlighter } from './rules/fence.js';
import { applyLinkPolicy } from './rules/link-policy.js';

interface Base {
  /** markdown-it's preset the switches apply to. */
  readonly name: 'zero' | 'commonmark';
  /** `<br />` rather than `<br>`: the HTML both specs print, as markdown-it's `commonmark`
   * preset does. The sanitiser re-serialises either way, so the page gets the same HTML. */
  readonly xhtmlOut: boolean;
}

const BASES: Readonly<Record<MarkdownPreset, Base>> = {
  zero: { name: 'zero', xhtmlOut: false },
  commonmark: { name: 'commonmark', xhtmlOut: true },
  gfm: { name: 'commonmark', xhtmlOut: true },
  default: { name: 'commonmark', xhtmlOut: false },
};

// markdown-it rules that belong to a switch: off after the base preset, on by their extension.
const SWITCHED_RULES = [
  'fence',
  'table',
  'strikethrough',
  'linkify',
  'replacements',
  'smartquotes',
];

/**
 * Builds the markdown-it instance for resolved options: the preset's base, markdown-it's own
 * options, and every switched-on extension of the registry. Rules that need the whole document
 * (heading anchors, source lines, footnote numbering) are added by the converter, not here:
 * this instance must be able to parse one block at a time.
 */
export function createMarkdownIt(options: ConverterOptions, highlight?: Highlighter): MarkdownIt {
  const base = BASES[options.preset] ?? BASES.default;
  const md = new MarkdownIt(base.name, {
    html: options.html,
    xhtmlOut: base.xhtmlOut,
    breaks: false,
    linkify: false,
    typographer: false,
  });
  md.disable(SWITCHED_RULES, true);
  // The `zero` base has no HTML rules; `html` alone decides whether raw HTML is kept.
  if (options.html) md.enable(['html_block', 'html_inline']);
  for (const extension of EXTENSIONS) {
    if (options[extension.name]) extension.apply(md);
  }
  // With `sub` on, `~x~` is subscript; only `~~x~~` strikes through.
  if (options.sub) md.disable(SINGLE_TILDE_RULE, true);
  applyLinkPolicy(md);
  const diagrams = new Set<DiagramKind>();
  if (options.mermaid) diagrams.add('mermaid');
  if (options.abc) diagrams.add('abc');
  md.renderer.rules.fence = createFenceRenderer(md, diagrams, highlight);
  md.renderer.rules.blockquote_open = blockquoteOpen;
  return md;
}

// markdown-it prints an empty quote as `<blockquote></blockquote>`; CommonMark prints
// `<blockquote>\n</blockquote>` (spec examples 218, 239 and 240), as for any other quote.
const blockquoteOpen: RendererRule = (tokens, idx, options, _env, self) => {
  const html = self.renderToken(tokens, idx, options);
  const empty = tokens[idx + 1]?.type === 'blockquote_close';
  return empty && !html.endsWith('\n') ? `${html}\n` : html;
};

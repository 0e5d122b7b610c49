import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { SOURCE_LINE_ATTRIBUTE } from '../constants.js';
import { type Heading } from '../types.js';
import { type FootnoteNumber, isInlineFootnote } from './plugins/footnotes.js';
import { newSectionId } from './sections.js';
import { type Unit, type UnitPart } from './unit.js';

/** What a part renders with: its footnote references' numbers, and the document's headings for
 * a table of contents. */
export function renderEnv(
  part: UnitPart,
  headings: Heading[],
): { footnoteNumbers: FootnoteNumber[]; tocHeadings: Heading[] } {
  return { footnoteNumbers: part.refNumbers, tocHeadings: headings };
}

/**
 * Renders the parts of a parsed block marked for rendering, and the content of the footnotes it
 * defines (shown in the footnotes section); `headings` are the document's, for a table of
 * contents. A part whose HTML changed gets a new section id; one that replaces an old part
 * (`prior`) and renders the same HTML keeps that part's section.
 */
export function renderBlock(md: MarkdownIt, unit: Unit, headings: Heading[]): void {
  for (const part of unit.parts) {
    if (part.needsRender) renderPart(md, part, headings);
  }
  unit.footnoteHtml =
    unit.parts.length === 1
      ? unit.parts[0]!.footnoteHtml
      : new Map(unit.parts.flatMap((part) => [...part.footnoteHtml]));
  unit.needsRender = false;
}

function renderPart(md: MarkdownIt, part: UnitPart, headings: Heading[]): void {
  const env = renderEnv(part, headings);
  const html = md.renderer.render(part.tokens, md.options, env);
  part.footnoteHtml = new Map(
    part.footnotes.map((footnote) => [
      footnote.label,
      isInlineFootnote(footnote.label)
        ? `<p>${md.renderer.renderInline(footnote.tokens[0]!.children ?? [], md.options, env)}</p>\n`
        : md.renderer.render(withoutLines(footnote.tokens), md.options, env),
    ]),
  );
  part.needsRender = false;
  const prior = part.prior;
  part.prior = null;
  if (part.id === 0 && prior && prior.html === html) {
    // The same HTML as the part it replaces: its section stays.
    part.html = html;
    part.id = prior.id;
    part.announced = prior.announced;
  } else if (html !== part.html || part.id === 0) {
    part.html = html;
    part.id = newSectionId();
    part.announced = false;
  }
}

// Footnote content shows at the end of the document, away from its lines: no line anchors.
function withoutLines(tokens: readonly Token[]): Token[] {
  for (const token of tokens) {
    if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== SOURCE_LINE_ATTRIBUTE);
  }
  return [...tokens];
}

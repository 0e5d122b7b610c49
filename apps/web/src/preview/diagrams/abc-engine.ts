import type * as Abcjs from 'abcjs';
import { ABC_NOTHING_TO_DRAW } from './constants';
import { type DiagramEngine } from './diagram-engine';
import { withOffscreenBox } from './offscreen-box';

/** abcjs drawing options: the drawing scales with the preview (a `viewBox`, no fixed size). */
export const ABC_OPTIONS: Abcjs.AbcVisualParams = { responsive: 'resize' };

/** Loads abcjs (a separate chunk, fetched on first use). */
export async function loadAbcEngine(document: Document): Promise<DiagramEngine> {
  const module = (await import('abcjs')) as typeof Abcjs & { default?: typeof Abcjs };
  // abcjs is CommonJS: the bundler hands it over as the default export.
  const abcjs = module.default ?? module;
  return {
    draw: (source) =>
      withOffscreenBox(document, async (box) => {
        // One box per tune of a tune book; abcjs accepts a list where its types say one.
        const targets = Array.from({ length: Math.max(1, abcjs.numberOfTunes(source)) }, () =>
          box.appendChild(document.createElement('div')),
        );
        const tunes: Abcjs.TuneObject[] = abcjs.renderAbc(
          targets as unknown as Element,
          source,
          ABC_OPTIONS,
        );
        const notes = tunes
          .flatMap((tune) => tune.warnings ?? [])
          .map((html) => htmlToText(document, html));
        if (!tunes.some((tune) => tune.lines.length > 0)) {
          throw new Error(notes.length > 0 ? notes.join('\n') : ABC_NOTHING_TO_DRAW);
        }
        const svgs = targets.flatMap((target) => [...target.querySelectorAll('svg')]);
        return {
          svg: svgs.map((svg) => fitToWidth(svg).outerHTML).join(''),
          title: tunes[0]?.metaText.title || undefined,
          notes,
        };
      }),
  };
}

// abcjs's responsive mode positions the drawing absolutely inside a padded wrapper; we keep
// only the <svg>, so give it the usual shape instead: full width, at most its natural width.
function fitToWidth(svg: SVGSVGElement): SVGSVGElement {
  const width = Number(
    svg
      .getAttribute('viewBox')
      ?.trim()
      .split(/[\s,]+/)[2],
  );
  svg.removeAttribute('style');
  svg.setAttribute('width', '100%');
  if (width > 0) svg.setAttribute('style', `max-width: ${width}px`);
  return svg;
}

// abcjs warnings are HTML (the faulty character is wrapped in a <span>): read them as text, in
// an inert document that runs nothing and loads nothing.
function htmlToText(document: Document, html: string): string {
  const inert = document.implementation.createHTMLDocument('');
  inert.body.innerHTML = html;
  return (inert.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

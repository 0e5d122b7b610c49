// Types only: a value import would put Mermaid in the app's first download.
import type { MermaidConfig } from 'mermaid';
import { MERMAID_CONFIG } from '@inkstone/markdown';
import { type DiagramEngine } from './diagram-engine';
import { withOffscreenBox } from './offscreen-box';

// Prefix of the ids Mermaid gives each drawing and its parts, numbered across every engine of
// the page, since Mermaid finds its work in progress by id.
const ID_PREFIX = 'inkstone-mermaid-';
let drawn = 0;

/** Loads Mermaid (a separate chunk, fetched on first use) and configures it for the preview. */
export async function loadMermaidEngine(document: Document): Promise<DiagramEngine> {
  const { default: mermaid } = await import('mermaid');
  // Strict, SVG labels, errors thrown to us, and none of it overridable by a diagram: the
  // configuration the diagram sanitiser is made for (@inkstone/markdown).
  mermaid.initialize(structuredClone(MERMAID_CONFIG) as unknown as MermaidConfig);
  return {
    draw: (source) =>
      withOffscreenBox(document, async (box) => {
        drawn += 1;
        const id = `${ID_PREFIX}${drawn}`;
        const before = new Set(document.body.children);
        try {
          const { svg } = await mermaid.render(id, source, box);
          return { svg };
        } finally {
          removeLeftovers(document, id, before);
        }
      }),
  };
}

// Mermaid renders into the box we give it, but some diagram types also put elements of their
// own into <body> (a text-measuring <svg>, cytoscape's `#cy` box, a tooltip) and not all of
// them are removed when drawing fails. Remove those, and only those, that appeared during this
// drawing: anything else new in <body> belongs to the app.
function removeLeftovers(document: Document, id: string, before: ReadonlySet<Element>): void {
  for (const stray of [id, `d${id}`, `i${id}`, 'cy']) {
    const element = document.getElementById(stray);
    if (element && !before.has(element)) element.remove();
  }
  for (const child of [...document.body.children]) {
    if (before.has(child)) continue;
    if (child.localName === 'svg' || child.classList.contains('mermaidTooltip')) child.remove();
  }
}

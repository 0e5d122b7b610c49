// Types only: a value import would put Mermaid in the app's first download.
import type { MermaidConfig } from 'mermaid';
import { type DiagramEngine } from './diagram-engine';
import { withOffscreenBox } from './offscreen-box';

/**
 * Configuration keys a diagram's own `%%{init: …}%%` directive or `config:` front matter may
 * not set: Mermaid deletes them from directives, at any depth (so `htmlLabels` also covers
 * `flowchart.htmlLabels`). Our list replaces Mermaid's default one, so it repeats it (the first
 * six keys).
 */
export const MERMAID_SECURE_KEYS: readonly string[] = [
  // Mermaid's defaults.
  'secure',
  'securityLevel',
  'startOnLoad',
  'maxTextSize',
  'maxEdges',
  'suppressErrorRendering',
  // HTML labels are drawn in <foreignObject> with HTML the diagram author writes.
  'htmlLabels',
  // Mermaid's own DOMPurify settings for labels.
  'dompurifyConfig',
  // Free-form CSS: a `url()` fetch, or an overlay drawn over the app.
  'themeCSS',
  'fontFamily',
  'altFontFamily',
  // Absolute marker URLs built from the page's address.
  'arrowMarkerAbsolute',
  // Chosen ids could collide with ids of the page.
  'deterministicIds',
  'deterministicIDSeed',
  // A diagram could flood the console.
  'logLevel',
];

/**
 * How the preview runs Mermaid: never on its own (`startOnLoad`), at its `strict` security
 * level (no click callbacks, links through Mermaid's URL sanitiser), labels as SVG text instead
 * of HTML, errors thrown to us instead of drawn as Mermaid's bomb picture (which also leaves
 * Mermaid's temporary elements in the page), and none of the above overridable by a diagram.
 */
export const MERMAID_CONFIG: MermaidConfig = {
  startOnLoad: false,
  securityLevel: 'strict',
  htmlLabels: false,
  // Deprecated in favour of the root key, still read by older diagram types.
  flowchart: { htmlLabels: false },
  suppressErrorRendering: true,
  secure: [...MERMAID_SECURE_KEYS],
};

// Prefix of the ids Mermaid gives each drawing and its parts, numbered across every engine of
// the page, since Mermaid finds its work in progress by id.
const ID_PREFIX = 'inkstone-mermaid-';
let drawn = 0;

/** Loads Mermaid (a separate chunk, fetched on first use) and configures it for the preview. */
export async function loadMermaidEngine(document: Document): Promise<DiagramEngine> {
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize(MERMAID_CONFIG);
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

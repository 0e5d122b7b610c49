import { loadAbcEngine } from './abc-engine';
import { createDiagramSanitizer } from '@inkstone/markdown';
import { DiagramRenderer } from './diagram-renderer';
import { loadMermaidEngine } from './mermaid-engine';
import { viewportNearness } from './nearness';

export { DIAGRAM_KINDS, type DiagramKind } from './constants';
export { type DiagramEngine, type EngineDrawing, type EngineLoaders } from './diagram-engine';
export {
  DiagramRenderer,
  type DiagramRendererOptions,
  PLACEHOLDER_SELECTOR,
} from './diagram-renderer';
export { DIAGRAM_STATE_ATTRIBUTE } from './diagram-view';
export { alwaysNear, type Nearness, viewportNearness } from './nearness';

/** The preview's diagram renderer: Mermaid and abcjs, each loaded on first use, and the
 * diagram sanitiser; a diagram is drawn once it comes near what `scroller` (the preview's
 * scrolling element) shows. */
export function createDiagramRenderer(
  window: Window & typeof globalThis,
  scroller: Element | null,
  onShown?: () => void,
): DiagramRenderer {
  const { document } = window;
  return new DiagramRenderer({
    document,
    onShown,
    nearness: viewportNearness(window, scroller),
    sanitizer: createDiagramSanitizer(window),
    engines: {
      mermaid: () => loadMermaidEngine(document),
      abc: () => loadAbcEngine(document),
    },
  });
}

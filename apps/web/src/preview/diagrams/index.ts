import { loadAbcEngine } from './abc-engine';
import { createDiagramSanitizer } from '@inkstone/markdown';
import { DiagramRenderer } from './diagram-renderer';
import { loadMermaidEngine } from './mermaid-engine';

export { DIAGRAM_KINDS, type DiagramKind } from './constants';
export { type DiagramEngine, type EngineDrawing, type EngineLoaders } from './diagram-engine';
export {
  DiagramRenderer,
  type DiagramRendererOptions,
  PLACEHOLDER_SELECTOR,
} from './diagram-renderer';
export { DIAGRAM_STATE_ATTRIBUTE } from './diagram-view';

/** The preview's diagram renderer: Mermaid and abcjs, each loaded on first use, and the
 * diagram sanitiser. */
export function createDiagramRenderer(
  window: Window & typeof globalThis,
  onShown?: () => void,
): DiagramRenderer {
  const { document } = window;
  return new DiagramRenderer({
    document,
    onShown,
    sanitizer: createDiagramSanitizer(window),
    engines: {
      mermaid: () => loadMermaidEngine(document),
      abc: () => loadAbcEngine(document),
    },
  });
}

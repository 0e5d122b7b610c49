// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERMAID_CONFIG } from '@inkstone/markdown';
import { loadMermaidEngine } from './mermaid-engine';

// Mermaid itself is replaced at the module boundary: these tests check how we call it and what
// we clean up. The real Mermaid runs in e2e/tests/diagrams.spec.ts.
const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

afterEach(() => {
  vi.clearAllMocks();
  document.body.replaceChildren();
});

describe('the Mermaid engine', () => {
  it('runs Mermaid strict, never on its own, with SVG labels', async () => {
    await loadMermaidEngine(document);
    expect(mermaid.initialize).toHaveBeenCalledWith(MERMAID_CONFIG);
    expect(MERMAID_CONFIG).toMatchObject({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      suppressErrorRendering: true,
    });
  });

  it('lets no diagram directive change what keeps it safe', () => {
    expect(MERMAID_CONFIG.secure).toEqual(
      expect.arrayContaining([
        // Mermaid's own default list, which ours replaces.
        'secure',
        'securityLevel',
        'startOnLoad',
        'maxTextSize',
        'maxEdges',
        'suppressErrorRendering',
        // Ours.
        'htmlLabels',
        'dompurifyConfig',
        'themeCSS',
        'fontFamily',
        'altFontFamily',
        'arrowMarkerAbsolute',
      ]),
    );
  });

  it('draws in an off-screen box, with a fresh id each time, and removes the box', async () => {
    const boxes: HTMLElement[] = [];
    mermaid.render.mockImplementation(async (id: string, _source: string, box: HTMLElement) => {
      expect(box.isConnected).toBe(true);
      boxes.push(box);
      return { svg: `<svg id="${id}"></svg>` };
    });
    const engine = await loadMermaidEngine(document);
    const first = await engine.draw('graph TD; A-->B');
    const second = await engine.draw('graph TD; A-->B');
    expect(first.svg).toMatch(/^<svg id="inkstone-mermaid-\d+"><\/svg>$/);
    expect(second.svg).toMatch(/^<svg id="inkstone-mermaid-\d+"><\/svg>$/);
    expect(second.svg).not.toBe(first.svg);
    const [id] = mermaid.render.mock.calls[0]!;
    expect(mermaid.render).toHaveBeenCalledWith(id, 'graph TD; A-->B', boxes[0]);
    expect(boxes.every((box) => !box.isConnected)).toBe(true);
    expect(document.body.children).toHaveLength(0);
  });

  it('passes the syntax error on and leaves none of Mermaid’s temporary elements behind', async () => {
    const app = document.createElement('div');
    mermaid.render.mockImplementation(async (id: string) => {
      // What some diagram types leave in <body> when they fail…
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div id="d${id}"></div><svg></svg><div id="cy"></div><div class="mermaidTooltip"></div>`,
      );
      // …while the app adds something of its own meanwhile.
      document.body.append(app);
      throw new Error('Parse error on line 1:\ngraph TD; A[\n-----------^');
    });
    const engine = await loadMermaidEngine(document);
    await expect(engine.draw('graph TD; A[')).rejects.toThrow('Parse error on line 1:');
    expect([...document.body.children]).toEqual([app]);
  });
});

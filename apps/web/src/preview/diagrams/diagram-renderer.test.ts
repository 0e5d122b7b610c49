// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIAGRAM_LOAD_ERROR, type DiagramKind } from './constants';
import { type DiagramEngine, type EngineDrawing, type EngineLoaders } from './diagram-engine';
import { DiagramRenderer, type DiagramRendererOptions } from './diagram-renderer';
import { type Nearness } from './nearness';
import { createDiagramSanitizer } from '@inkstone/markdown';

// The libraries are replaced at the engine port: these tests are about placeholders, the cache,
// the queue and the DOM. The real libraries are exercised in e2e/tests/diagrams.spec.ts.

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The converter's placeholder for a fence (see createFenceRenderer in @inkstone/markdown). */
const placeholder = (kind: string, source: string, line = 0) =>
  `<div class="diagram" data-diagram="${kind}" data-line="${line}"><pre class="diagram__source"><code>${escape(source)}\n</code></pre></div>`;

interface Deferred {
  source: string;
  resolve: (drawing: EngineDrawing) => void;
  reject: (error: Error) => void;
}

function setup(options: Partial<DiagramRendererOptions> & { manual?: boolean } = {}) {
  const root = document.createElement('div');
  document.body.append(root);
  const drawn: string[] = [];
  const loads: Record<DiagramKind, number> = { mermaid: 0, abc: 0 };
  const pending: Deferred[] = [];
  let active = 0;
  let mostActive = 0;
  const engine = (kind: DiagramKind): DiagramEngine => ({
    async draw(source) {
      drawn.push(`${kind}:${source.trim()}`);
      active += 1;
      mostActive = Math.max(mostActive, active);
      try {
        if (options.manual) {
          return await new Promise<EngineDrawing>((resolve, reject) =>
            pending.push({ source: source.trim(), resolve, reject }),
          );
        }
        if (source.includes('bad')) throw new Error('Parse error on line 1: <b>bad</b>');
        return { svg: `<svg viewBox="0 0 10 10"><text>${escape(source.trim())}</text></svg>` };
      } finally {
        active -= 1;
      }
    },
  });
  const renderer = new DiagramRenderer({
    document,
    sanitizer: createDiagramSanitizer(window),
    engines: {
      mermaid: () => Promise.resolve(engine('mermaid')).finally(() => (loads.mermaid += 1)),
      abc: () => Promise.resolve(engine('abc')).finally(() => (loads.abc += 1)),
    },
    yielder: () => new Promise((resolve) => setTimeout(resolve, 0)),
    settleMs: 0,
    ...options,
  });
  // As the preview does: hand each section's fragment over, then insert it.
  const insert = (html: string): HTMLElement[] => {
    const template = document.createElement('template');
    template.innerHTML = html;
    renderer.render(template.content);
    const elements = [...template.content.children] as HTMLElement[];
    root.append(template.content);
    return elements;
  };
  return { root, renderer, insert, drawn, loads, pending, mostActive: () => mostActive };
}

/** Loaders for Mermaid alone (the tests using it draw no abc). */
const mermaidOnly = (load: () => Promise<DiagramEngine>): EngineLoaders => ({
  mermaid: load,
  abc: () => Promise.reject(new Error('unused')),
});

/** A Mermaid library that arrives when the test says (a slow network). */
function slowLibrary() {
  let arrive: (engine: DiagramEngine) => void = () => {};
  let asked = false;
  return {
    engines: mermaidOnly(() => {
      asked = true;
      return new Promise<DiagramEngine>((resolve) => (arrive = resolve));
    }),
    asked: () => asked,
    arrive: (engine: DiagramEngine) => arrive(engine),
  };
}

const shadowText = (element: Element) => element.shadowRoot?.textContent ?? '';
const state = (element: Element) => element.getAttribute('data-diagram-state');

afterEach(() => {
  document.body.replaceChildren();
});

describe('DiagramRenderer', () => {
  it('draws each placeholder in place of its source, named as an image', async () => {
    const { renderer, insert } = setup();
    const [diagram] = insert(placeholder('mermaid', 'graph TD; A-->B'));
    expect(state(diagram!)).toBeNull();
    await renderer.idle();
    expect(state(diagram!)).toBe('drawn');
    const image = diagram!.shadowRoot!.querySelector('[role="img"]')!;
    expect(image.getAttribute('aria-label')).toBe('Mermaid diagram');
    expect(image.querySelector('svg text')?.textContent).toBe('graph TD; A-->B');
    // The source stays in the light DOM (the shadow root no longer renders it).
    expect(diagram!.querySelector('.diagram__source')?.textContent).toBe('graph TD; A-->B\n');
  });

  it('loads no library for a document without diagrams, and each kind on first use only', async () => {
    const { renderer, insert, loads } = setup();
    insert('<p>Plain text.</p><pre><code class="language-js">let x;</code></pre>');
    await renderer.idle();
    expect(loads).toEqual({ mermaid: 0, abc: 0 });
    insert(
      placeholder('mermaid', 'graph TD; A-->B') + placeholder('mermaid', 'graph LR; C-->D', 4),
    );
    await renderer.idle();
    expect(loads).toEqual({ mermaid: 1, abc: 0 });
    insert(placeholder('abc', 'X:1\nK:C\nCDEF', 8));
    await renderer.idle();
    expect(loads).toEqual({ mermaid: 1, abc: 1 });
  });

  it('shows the error as text where the diagram would be', async () => {
    const { renderer, insert } = setup();
    const [diagram, after] = insert(placeholder('mermaid', 'graph bad') + '<p>After.</p>');
    await renderer.idle();
    expect(state(diagram!)).toBe('error');
    const error = diagram!.shadowRoot!.querySelector('[part="error"]')!;
    expect(error.querySelector('[part="error-title"]')?.textContent).toBe(
      'This Mermaid diagram cannot be drawn:',
    );
    expect(error.querySelector('[part="error-message"]')?.textContent).toBe(
      'Parse error on line 1: <b>bad</b>',
    );
    expect(error.querySelector('b')).toBeNull();
    expect(error.querySelector('svg, [role="img"]')).toBeNull();
    expect(after!.textContent).toBe('After.');
  });

  it('ignores placeholders of unknown kinds and those it has already taken on', async () => {
    const { renderer, insert, drawn, root } = setup();
    const [unknown] = insert(placeholder('plantuml', '@startuml'));
    insert(placeholder('abc', 'X:1\nK:C\nC', 2));
    await renderer.idle();
    renderer.render(root);
    await renderer.idle();
    expect(drawn).toEqual(['abc:X:1\nK:C\nC']);
    expect(unknown!.shadowRoot).toBeNull();
  });

  it('reuses the drawing of an unchanged source at once, without running the library', async () => {
    const { renderer, insert, drawn } = setup();
    const [first] = insert(placeholder('mermaid', 'graph TD; A-->B', 2));
    await renderer.idle();
    // The block is rebuilt (a line added above it moved it): same source, another line.
    first!.remove();
    const [moved] = insert(placeholder('mermaid', 'graph TD; A-->B', 3));
    expect(state(moved!)).toBe('drawn');
    expect(moved!.shadowRoot!.querySelector('svg')).not.toBe(
      first!.shadowRoot!.querySelector('svg'),
    );
    // Errors are cached too.
    insert(placeholder('mermaid', 'graph bad', 9));
    await renderer.idle();
    const [again] = insert(placeholder('mermaid', 'graph bad', 12));
    expect(state(again!)).toBe('error');
    expect(drawn).toEqual(['mermaid:graph TD; A-->B', 'mermaid:graph bad']);
  });

  it('draws one diagram at a time, top down', async () => {
    const { renderer, insert, drawn, mostActive } = setup();
    insert([1, 2, 3, 4].map((n) => placeholder('mermaid', `graph TD; N${n}`, n * 4)).join(''));
    await renderer.idle();
    expect(drawn).toEqual([1, 2, 3, 4].map((n) => `mermaid:graph TD; N${n}`));
    expect(mostActive()).toBe(1);
  });

  it('never draws into a placeholder removed meanwhile, and skips one removed before its turn', async () => {
    const { renderer, insert, drawn, pending } = setup({ manual: true });
    const [old, other] = insert(placeholder('mermaid', 'v1', 0) + placeholder('mermaid', 'x', 5));
    await waitFor(() => pending.length === 1);
    // A newer version of both blocks arrives while v1 is being drawn.
    old!.remove();
    other!.remove();
    const [newer] = insert(placeholder('mermaid', 'v2', 0));
    pending.shift()!.resolve({ svg: '<svg><text>v1</text></svg>' });
    await waitFor(() => pending.length === 1);
    expect(old!.shadowRoot).toBeNull();
    pending.shift()!.resolve({ svg: '<svg><text>v2</text></svg>' });
    await renderer.idle();
    expect(drawn).toEqual(['mermaid:v1', 'mermaid:v2']);
    expect(shadowText(newer!)).toBe('v2');
    // The finished drawing of v1 was kept: v1 back (an undo) is shown from the cache.
    const [undone] = insert(placeholder('mermaid', 'v1', 0));
    expect(shadowText(undone!)).toBe('v1');
  });

  it('shows the previous outcome of an edited diagram, dimmed, until its edits settle', async () => {
    let clock = 0;
    const waits: number[] = [];
    const { renderer, insert, drawn } = setup({
      settleMs: 250,
      now: () => clock,
      sleep: (ms) => {
        waits.push(ms);
        clock += ms;
        return Promise.resolve();
      },
    });
    const [first] = insert(placeholder('mermaid', 'graph TD; A', 0));
    await renderer.idle();
    expect(waits).toEqual([]); // A new diagram is drawn at once.
    // Three keystrokes inside the diagram, faster than the preview draws.
    let current = first!;
    for (const source of ['graph TD; A-', 'graph TD; A--', 'graph TD; A-->B']) {
      current.remove();
      current = insert(placeholder('mermaid', source, 0))[0]!;
      expect(state(current)).toBe('stale');
      expect(current.getAttribute('aria-busy')).toBe('true');
      expect(shadowText(current)).toBe('graph TD; A');
    }
    await renderer.idle();
    expect(waits).toEqual([250]);
    expect(drawn).toEqual(['mermaid:graph TD; A', 'mermaid:graph TD; A-->B']);
    expect(state(current)).toBe('drawn');
    expect(current.hasAttribute('aria-busy')).toBe(false);
    expect(shadowText(current)).toBe('graph TD; A-->B');
  });

  it('loads and draws nothing while the text keeps changing elsewhere, then draws', async () => {
    let clock = 0;
    const waits: number[] = [];
    let keystrokes = 0;
    let loadedAt: number | undefined;
    const { renderer, insert } = setup({
      settleMs: 250,
      now: () => clock,
      engines: mermaidOnly(() => {
        loadedAt = clock;
        return Promise.resolve({
          draw: async (source) => ({ svg: `<svg><text>${source.trim()}</text></svg>` }),
        });
      }),
      sleep: (ms) => {
        waits.push(ms);
        // The user goes on typing, 100 ms apart, four more keystrokes; then pauses.
        const step = Math.min(ms, 100);
        clock += step;
        if (keystrokes < 4) {
          keystrokes += 1;
          renderer.textChanged();
        }
        return Promise.resolve();
      },
    });
    renderer.textChanged();
    const [diagram] = insert(placeholder('mermaid', 'graph TD; A', 40));
    await renderer.idle();
    expect(keystrokes).toBe(4);
    // Waited out each keystroke, then the full pause after the last one (at 400 ms), before
    // the library was loaded at all.
    expect(loadedAt).toBe(650);
    expect(clock).toBe(650);
    expect(waits.every((wait) => wait > 0 && wait <= 250)).toBe(true);
    expect(shadowText(diagram!)).toBe('graph TD; A');
  });

  it('draws only once typing that started while its library was loading pauses', async () => {
    let clock = 0;
    let drawnAt: number | undefined;
    const library = slowLibrary();
    const { renderer, insert } = setup({
      settleMs: 250,
      now: () => clock,
      engines: library.engines,
      sleep: (ms) => {
        clock += ms;
        return Promise.resolve();
      },
    });
    const [diagram] = insert(placeholder('mermaid', 'graph TD; A', 40));
    // The text had settled: the library is asked for at once.
    await vi.waitFor(() => expect(library.asked()).toBe(true));
    // The user starts typing; the library arrives between two keystrokes.
    clock = 5_000;
    renderer.textChanged();
    clock = 5_100;
    renderer.textChanged();
    library.arrive({
      draw: async (source) => {
        drawnAt = clock;
        return { svg: `<svg><text>${source.trim()}</text></svg>` };
      },
    });
    await renderer.idle();
    // Drawn a full pause after the last keystroke, not when the library arrived.
    expect(drawnAt).toBe(5_350);
    expect(shadowText(diagram!)).toBe('graph TD; A');
  });

  it('skips a placeholder replaced while its library was loading, drawing the new one', async () => {
    const library = slowLibrary();
    const drawn: string[] = [];
    const { insert, renderer } = setup({ engines: library.engines });
    const [old] = insert(placeholder('mermaid', 'graph TD; A', 40));
    await vi.waitFor(() => expect(library.asked()).toBe(true));
    // The block is edited: its section (and placeholder) replaced.
    old!.remove();
    const [edited] = insert(placeholder('mermaid', 'graph TD; B', 40));
    library.arrive({
      draw: async (source) => {
        drawn.push(source.trim());
        return { svg: `<svg><text>${source.trim()}</text></svg>` };
      },
    });
    await renderer.idle();
    expect(drawn).toEqual(['graph TD; B']);
    expect(shadowText(edited!)).toBe('graph TD; B');
  });

  it('says so when a library cannot be loaded, and tries again on the next placeholder', async () => {
    let attempts = 0;
    const working: DiagramEngine = { draw: async () => ({ svg: '<svg><text>ok</text></svg>' }) };
    const { renderer, insert } = setup({
      engines: mermaidOnly(() => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new Error('chunk failed'))
          : Promise.resolve(working);
      }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [offline] = insert(placeholder('mermaid', 'graph TD; A'));
    await renderer.idle();
    expect(state(offline!)).toBe('error');
    expect(shadowText(offline!)).toContain(DIAGRAM_LOAD_ERROR);
    expect(logged).toHaveBeenCalledTimes(1);
    // Not cached: the same source, once more, is drawn.
    const [online] = insert(placeholder('mermaid', 'graph TD; A', 4));
    await renderer.idle();
    expect(shadowText(online!)).toBe('ok');
    expect(attempts).toBe(2);
    logged.mockRestore();
  });

  it('draws nothing more once destroyed', async () => {
    const { renderer, insert } = setup();
    const [diagram] = insert(placeholder('mermaid', 'graph TD; A'));
    renderer.destroy();
    await renderer.idle();
    expect(diagram!.shadowRoot).toBeNull();
  });
});

/** Nearness the test decides: `bring` makes an element near, as scrolling it into the margin
 * would (IntersectionObserver itself is exercised in e2e/tests/diagrams.spec.ts). */
function manualNearness() {
  const watched = new Map<Element, () => void>();
  const nearness: Nearness = {
    watch: (element, near) => void watched.set(element, near),
    unwatch: (element) => void watched.delete(element),
  };
  const bring = (element: Element) => {
    const near = watched.get(element);
    watched.delete(element);
    near?.();
  };
  return { nearness, watched, bring };
}

describe('DiagramRenderer, near the reader only', () => {
  it('draws a diagram far from the reader only once it comes near, loading no library before', async () => {
    const { nearness, bring } = manualNearness();
    const { renderer, insert, drawn, loads } = setup({ nearness });
    const [top, bottom] = insert(
      placeholder('mermaid', 'graph TD; Top', 0) + placeholder('abc', 'X:1\nK:C\nC', 900),
    );
    bring(top!);
    await renderer.idle();
    expect(drawn).toEqual(['mermaid:graph TD; Top']);
    expect(state(top!)).toBe('drawn');
    expect(bottom!.shadowRoot).toBeNull();
    expect(loads.abc).toBe(0);
    bring(bottom!);
    await waitFor(() => state(bottom!) === 'drawn');
    expect(drawn).toEqual(['mermaid:graph TD; Top', 'abc:X:1\nK:C\nC']);
  });

  it('draws every diagram, near or not, before drawAll resolves, and stops watching them', async () => {
    const { nearness, watched } = manualNearness();
    const { renderer, insert, drawn } = setup({ nearness });
    const diagrams = insert(
      [1, 2, 3].map((n) => placeholder('mermaid', `graph TD; N${n}`, n * 100)).join(''),
    );
    expect(watched.size).toBe(3);
    await renderer.drawAll();
    expect(diagrams.map(state)).toEqual(['drawn', 'drawn', 'drawn']);
    expect(drawn).toEqual(['mermaid:graph TD; N1', 'mermaid:graph TD; N2', 'mermaid:graph TD; N3']);
    expect(watched.size).toBe(0);
  });

  it('shows a drawing it has already made at once, near or not', async () => {
    const { nearness, bring } = manualNearness();
    const { renderer, insert, drawn } = setup({ nearness });
    const [first] = insert(placeholder('mermaid', 'graph TD; A'));
    bring(first!);
    await renderer.idle();
    const [again] = insert(placeholder('mermaid', 'graph TD; A', 700));
    expect(state(again!)).toBe('drawn');
    expect(drawn).toHaveLength(1);
  });

  it('forgets placeholders removed from the page while far: drawAll does not draw them', async () => {
    const { nearness, watched } = manualNearness();
    const { renderer, insert, drawn } = setup({ nearness });
    const removed = insert(
      Array.from({ length: 20 }, (_, n) => placeholder('mermaid', `graph TD; Old${n}`, n)).join(''),
    );
    for (const element of removed) element.remove();
    const [kept] = insert(placeholder('mermaid', 'graph TD; Kept', 50));
    await renderer.drawAll();
    expect(drawn).toEqual(['mermaid:graph TD; Kept']);
    expect(state(kept!)).toBe('drawn');
    expect(watched.size).toBe(0);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(condition()).toBe(true);
}

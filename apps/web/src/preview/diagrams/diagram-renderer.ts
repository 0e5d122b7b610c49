import {
  DIAGRAM_CACHE_SIZE,
  DIAGRAM_KINDS,
  DIAGRAM_LABELS,
  DIAGRAM_LOAD_ERROR,
  DIAGRAM_SETTLE_MS,
  type DiagramKind,
} from './constants';
import { type DiagramEngine, type EngineDrawing, type EngineLoaders } from './diagram-engine';
import { type DiagramSanitizer } from '@inkstone/markdown';
import { type DiagramOutcome, showOutcome } from './diagram-view';
import { LruCache } from './lru-cache';
import { alwaysNear, type Nearness } from './nearness';
import { whenIdle } from '../../services/idle';

/** The converter's diagram placeholder (see `createFenceRenderer` in @inkstone/markdown). */
export const PLACEHOLDER_SELECTOR = 'div.diagram[data-diagram]';

/** What a `DiagramRenderer` needs from the world. */
export interface DiagramRendererOptions {
  /** The page the placeholders are shown in. */
  document: Document;
  /** Cleans each drawing before it is shown. */
  sanitizer: DiagramSanitizer;
  /** Loads each kind's drawing library, on first use. */
  engines: EngineLoaders;
  /** Gives the main thread back to the browser between two drawings. */
  yielder?: () => Promise<void>;
  /** Waits `ms` milliseconds (for the settle delay). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  settleMs?: number;
  cacheSize?: number;
  /** Told after a drawing (or an error) took the place of a diagram's source: what is below it
   * moved. */
  onShown?: () => void;
  /** When a placeholder is near enough to the reader to be drawn (by default at once). */
  nearness?: Nearness;
}

interface Job {
  placeholder: HTMLElement;
  kind: DiagramKind;
  source: string;
  key: string;
}

/**
 * Turns the converter's diagram placeholders into drawings, after the preview inserted them.
 *
 * - Lazy: a kind's library is loaded when its first placeholder appears.
 * - Cached by kind and source: a placeholder whose source was drawn before (an undo, a line
 *   added above the diagram) shows the drawing at once, without running the library again.
 * - One at a time, top down, yielding to the browser between two drawings, and only once the
 *   text has stopped changing for `settleMs`: loading a library and drawing take a main-thread
 *   task of up to hundreds of milliseconds (Mermaid's ELK layout alone evaluates for about
 *   400 ms on first use), which keystrokes must not wait for. A diagram being edited shows its
 *   previous outcome, dimmed, meanwhile.
 * - Only near the reader (`nearness`: in the preview, within DIAGRAM_NEAR_MARGIN of what it
 *   shows): a diagram far below is drawn when it is scrolled near, so a long text pasted or
 *   opened does not run every diagram's library at once. `drawAll` draws the rest (before the
 *   preview is printed).
 * - A placeholder removed from the page before its turn (a newer version of its block arrived)
 *   is skipped, and a drawing finished after its placeholder was removed is only cached.
 */
export class DiagramRenderer {
  private readonly cache: LruCache<string, DiagramOutcome>;
  // The last outcome shown at each place (kind and source line), shown dimmed by the next
  // version of that diagram until its own drawing is ready.
  private readonly lastAtPlace: LruCache<string, DiagramOutcome>;
  private readonly engines = new Map<DiagramKind, Promise<DiagramEngine>>();
  private readonly seen = new WeakSet<Element>();
  private queue: Job[] = [];
  // Placeholders waiting to come near, in the order they came; pruned of those removed from the
  // page once it doubles in size.
  private readonly far = new Map<HTMLElement, Job>();
  private pruneAt = 16;
  private readonly nearness: Nearness;
  private running: Promise<void> | undefined;
  private lastEdit = -Infinity;
  private destroyed = false;
  private readonly yielder: () => Promise<void>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly settleMs: number;

  constructor(private readonly options: DiagramRendererOptions) {
    this.cache = new LruCache(options.cacheSize ?? DIAGRAM_CACHE_SIZE);
    this.lastAtPlace = new LruCache(options.cacheSize ?? DIAGRAM_CACHE_SIZE);
    this.yielder = options.yielder ?? yieldToBrowser;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? (() => performance.now());
    this.settleMs = options.settleMs ?? DIAGRAM_SETTLE_MS;
    this.nearness = options.nearness ?? alwaysNear;
  }

  /**
   * Takes on the placeholders in `root` (a section's fragment about to be inserted, or the
   * whole preview) that it has not seen yet: cached ones are drawn now, the others queued.
   */
  render(root: ParentNode): void {
    if (this.destroyed) return;
    for (const placeholder of placeholdersIn(root)) {
      if (this.seen.has(placeholder)) continue;
      this.seen.add(placeholder);
      const kind = placeholder.dataset.diagram;
      if (!isDiagramKind(kind)) continue;
      const source = placeholder.querySelector('.diagram__source')?.textContent ?? '';
      const key = `${kind}\n${source}`;
      const cached = this.cache.get(key);
      if (cached) {
        this.show(placeholder, kind, cached);
        continue;
      }
      const previous = this.lastAtPlace.get(placeOf(placeholder, kind));
      if (previous) {
        showOutcome(placeholder, kind, previous, true);
        this.lastEdit = this.now();
      }
      this.whenNear({ placeholder, kind, source, key });
    }
    this.start();
  }

  /** Draws every diagram of the page, near or not, and resolves once all are drawn (before the
   * preview is printed). */
  async drawAll(): Promise<void> {
    for (const [placeholder, job] of this.far) {
      this.nearness.unwatch(placeholder);
      if (placeholder.isConnected) this.queue.push(job);
    }
    this.far.clear();
    this.start();
    await this.idle();
  }

  /** The user changed the text: drawings wait until the changes settle. */
  textChanged(): void {
    this.lastEdit = this.now();
  }

  /** Resolves once every queued placeholder is drawn (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops drawing and forgets every drawing. */
  destroy(): void {
    this.destroyed = true;
    this.queue = [];
    for (const placeholder of this.far.keys()) this.nearness.unwatch(placeholder);
    this.far.clear();
    this.cache.clear();
    this.lastAtPlace.clear();
  }

  // Queues `job` once its placeholder is near the reader.
  private whenNear(job: Job): void {
    if (this.far.size >= this.pruneAt) {
      for (const [placeholder] of this.far) {
        if (placeholder.isConnected) continue;
        this.nearness.unwatch(placeholder);
        this.far.delete(placeholder);
      }
      this.pruneAt = Math.max(16, 2 * this.far.size);
    }
    this.far.set(job.placeholder, job);
    this.nearness.watch(job.placeholder, () => {
      if (!this.far.delete(job.placeholder) || this.destroyed) return;
      this.queue.push(job);
      this.start();
    });
  }

  private start(): void {
    if (this.queue.length === 0 || this.running) return;
    this.running = this.run()
      .catch((error: unknown) => console.error('Drawing the diagrams failed.', error))
      .finally(() => {
        this.running = undefined;
        // (A placeholder that came near as the run ended.)
        this.start();
      });
  }

  private async run(): Promise<void> {
    // Placeholders are handed over just before the preview inserts them: start after that.
    await this.yielder();
    for (let job = this.queue.shift(); job && !this.destroyed; job = this.queue.shift()) {
      await this.settle();
      // Superseded: a newer version of its block replaced it while it waited.
      if (!job.placeholder.isConnected) continue;
      const outcome = this.cache.get(job.key) ?? (await this.draw(job));
      if (this.destroyed) return;
      // Superseded while its library was loading: a newer placeholder is in the queue.
      if (!outcome) continue;
      if (job.placeholder.isConnected) this.show(job.placeholder, job.kind, outcome);
      await this.yielder();
    }
  }

  // Waits until neither the text nor a diagram has changed for `settleMs`.
  private async settle(): Promise<void> {
    const remaining = () => this.lastEdit + this.settleMs - this.now();
    for (let wait = remaining(); wait > 0; wait = remaining()) await this.sleep(wait);
  }

  // Draws a job's diagram, its library loaded first; undefined when the placeholder was
  // removed while the library loaded.
  private async draw(job: Job): Promise<DiagramOutcome | undefined> {
    let engine: DiagramEngine;
    try {
      engine = await this.engine(job.kind);
    } catch (error) {
      console.error(`The ${job.kind} drawing library could not be loaded.`, error);
      // Not cached: the next placeholder of this kind tries again.
      return { type: 'error', message: DIAGRAM_LOAD_ERROR };
    }
    // A library can take seconds to arrive (a slow network, or the page's images holding the
    // browser's connections), and its drawing loads more code of its own (Mermaid's diagram
    // types and layouts, ELK alone 1.5 MB): the user may have started typing meanwhile.
    await this.settle();
    if (this.destroyed || !job.placeholder.isConnected) return undefined;
    let outcome: DiagramOutcome;
    try {
      outcome = this.drawn(job.kind, await engine.draw(job.source));
    } catch (error) {
      outcome = { type: 'error', message: messageOf(error) };
    }
    this.cache.set(job.key, outcome);
    return outcome;
  }

  private engine(kind: DiagramKind): Promise<DiagramEngine> {
    let loading = this.engines.get(kind);
    if (!loading) {
      loading = this.options.engines[kind]();
      this.engines.set(kind, loading);
      loading.catch(() => this.engines.delete(kind));
    }
    return loading;
  }

  // Sanitises and parses a drawing once; placeholders show copies of it.
  private drawn(kind: DiagramKind, drawing: EngineDrawing): DiagramOutcome {
    const template = this.options.document.createElement('template');
    template.innerHTML = this.options.sanitizer.sanitize(drawing.svg);
    const svg = template.content;
    const title = drawing.title ?? svg.querySelector('svg > title')?.textContent?.trim();
    return {
      type: 'drawing',
      svg,
      label: title ? `${DIAGRAM_LABELS[kind]}: ${title}` : DIAGRAM_LABELS[kind],
      description: svg.querySelector('svg > desc')?.textContent?.trim() ?? '',
      notes: drawing.notes ?? [],
    };
  }

  private show(placeholder: HTMLElement, kind: DiagramKind, outcome: DiagramOutcome): void {
    showOutcome(placeholder, kind, outcome);
    this.lastAtPlace.set(placeOf(placeholder, kind), outcome);
    this.options.onShown?.();
  }
}

/** Default yielder: an idle moment of the browser, or a macrotask where there is no
 * `requestIdleCallback`; at most half a second late, so drawings do not wait forever. */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => whenIdle(resolve, 500));

function placeholdersIn(root: ParentNode): HTMLElement[] {
  const found = [...root.querySelectorAll<HTMLElement>(PLACEHOLDER_SELECTOR)];
  if (root instanceof Element && root.matches(PLACEHOLDER_SELECTOR)) {
    found.unshift(root as HTMLElement);
  }
  return found;
}

function isDiagramKind(kind: string | undefined): kind is DiagramKind {
  return (DIAGRAM_KINDS as readonly (string | undefined)[]).includes(kind);
}

// Where a diagram is: its kind and first source line.
function placeOf(placeholder: HTMLElement, kind: DiagramKind): string {
  return `${kind}@${placeholder.dataset.line ?? ''}`;
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() || 'Unknown error.';
}

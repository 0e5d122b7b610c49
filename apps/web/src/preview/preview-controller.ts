import { type ConverterOptions, createSanitizer, type Heading } from '@inkstone/markdown';
import { localImages } from '../images/local-images';
import { type DocumentEvent } from '../services/document-channel';
import { whenIdle } from '../services/idle';
import { createDiagramRenderer, type DiagramRenderer } from './diagrams';
import { beforePrinting, takePrintShortcut } from './print-preview';
import { loadAllNow, loadLazily } from './lazy-images';
import { startHighlightWorker } from './highlight-ahead';
import { RenderEngine } from './render-engine';
import { type RenderRequest, type RenderResponse } from './render-protocol';
import { SectionPatcher, yieldToBrowser } from './section-patcher';

/** Where the preview converts and how. On the main thread (the default), an edit's rendering
 * (well under a millisecond for a block) is patched in before the next paint; in a worker,
 * the round trip costs about a frame (measured: docs/adr/0003). Block by block, or the whole
 * text on every change (the benchmark's baseline). */
export interface PreviewMode {
  thread: 'worker' | 'main-thread';
  conversion: 'incremental' | 'full';
}

/** An edit inserting at least this many characters (a paste) reaches the preview in a task
 * after the editor's, not in the same one. */
export const SEPARATE_TASK_MIN_LENGTH = 20_000;

/** A warm-up sample of the pipeline waits this long at most for an idle moment. */
const WARM_UP_TIMEOUT_MS = 5_000;

/** `?sanitize=alone` sanitises every section by itself with DOMPurify, as before grouping and
 * clean sections: for comparing them in tests and benchmarks. */
function sanitizeMode(): 'groups' | 'alone' {
  const search = typeof location === 'undefined' ? '' : location.search;
  return new URLSearchParams(search).get('sanitize') === 'alone' ? 'alone' : 'groups';
}

function insertedLength(request: { changes: readonly { insert: string }[] }): number {
  return request.changes.reduce((sum, change) => sum + change.insert.length, 0);
}

/** What the preview reports once a version of the text is shown. */
export interface PreviewEvents {
  /** A version of the text (of `length` characters) is shown; `complete` is false while only
   * its first screen is. */
  onRendered(info: {
    version: number;
    length: number;
    complete: boolean;
    headings: Heading[];
  }): void;
  /** Something changed size without a new rendering (a diagram was drawn). */
  onLayoutChanged?(): void;
}

/**
 * Keeps the preview in step with the editor. The editor's changes go to a render worker that
 * keeps the document rendered block by block; it answers with the sections in order and the
 * HTML of new ones, which are sanitised and patched in here, in small slices. How the document
 * is converted (preset, extensions) comes from `setOptions`.
 */
export class PreviewController {
  private readonly patcher: SectionPatcher;
  private readonly send: (request: RenderRequest) => void;
  private worker: Worker | undefined;
  // Stops the main thread's render engine (its highlighting worker).
  private stopEngine: () => void = () => undefined;
  private options: ConverterOptions | undefined;
  private latest: DocumentEvent | undefined;
  private opened = false;
  private destroyed = false;
  private patching = false;
  // Whether the text opened last shows yet.
  private showing: 'nothing' | 'first screen' = 'nothing';
  private waiting: RenderResponse | undefined;
  // Drawings take the place of their source: what is below them moves. They are drawn near what
  // the preview's scroller shows, and all of them before the preview is printed.
  private readonly diagrams: DiagramRenderer;
  private readonly stopPrinting: (() => void)[];

  constructor(
    readonly content: HTMLElement,
    private readonly events: PreviewEvents,
    private readonly mode: PreviewMode = { thread: 'main-thread', conversion: 'incremental' },
  ) {
    this.diagrams = createDiagramRenderer(window, content.parentElement, () =>
      this.events.onLayoutChanged?.(),
    );
    this.stopPrinting = [
      beforePrinting(() => this.diagrams.drawAll()),
      // The images not yet near what the reader saw (they load lazily: lazy-images.ts).
      beforePrinting(() => loadAllNow(content)),
      takePrintShortcut(window),
      // An image added or loaded after its section was shown.
      localImages.onChange(() => localImages.showIn(content)),
    ];
    const sanitizer = createSanitizer(window);
    const finish = (nodes: DocumentFragment) => {
      // Images load as they come near what the reader sees; those of the workspace (relative
      // or workspace-absolute links) come from the local store.
      loadLazily(nodes);
      localImages.showIn(nodes);
      this.diagrams.render(nodes);
      return nodes;
    };
    // Sections are sanitised in groups where their markup is proven to come out of a group as
    // it does alone (`sanitizeManyToFragments`): one parse for many sections; and a section
    // proven to hold nothing the sanitiser would change, a keystroke's one included, is only
    // parsed. `?sanitize=alone` runs DOMPurify on every section by itself, as the reference.
    const alone = sanitizeMode() === 'alone';
    this.patcher = new SectionPatcher(
      content,
      alone
        ? (html) => finish(sanitizer.sanitizeToFragment(html))
        : (html) => finish(sanitizer.sanitizeManyToFragments([html])[0]!),
      yieldToBrowser,
      alone ? undefined : { clean: (htmls) => sanitizer.sanitizeManyToFragments(htmls), finish },
    );
    this.worker = mode.thread === 'worker' ? this.startWorker() : undefined;
    if (this.worker) {
      const worker = this.worker;
      this.send = (request) => worker.postMessage(request);
    } else {
      const engine = new RenderEngine(
        (response) => this.receive(response),
        (task) => {
          yieldToBrowser()
            .then(task)
            .catch((error: unknown) =>
              console.error('The preview could not render this text.', error),
            );
        },
        {
          // The pipeline and the sanitiser warmed up in idle moments once a text shows, so that
          // their first runs are not paid in a big paste's slices (render-engine.ts).
          idle: (task) =>
            whenIdle(() => {
              if (this.destroyed) return;
              try {
                task();
              } catch (error) {
                console.error('The preview could not warm up.', error);
              }
            }, WARM_UP_TIMEOUT_MS),
          rendered: (html) => void sanitizer.sanitizeManyToFragments([html]),
        },
        // A big paste's code highlighted meanwhile on the other core (highlight-ahead.ts).
        startHighlightWorker,
      );
      this.stopEngine = () => engine.destroy();
      const handle = (request: RenderRequest) => {
        try {
          engine.handle(request);
        } catch (error) {
          console.error('The preview could not render this text.', error);
        }
      };
      // Requests waiting behind a big edit, in order; undefined when none waits.
      let behind: RenderRequest[] | undefined;
      this.send = (request) => {
        if (behind) behind.push(request);
        else if (request.type === 'edit' && insertedLength(request) >= SEPARATE_TASK_MIN_LENGTH) {
          // A big edit (a paste) in a task of its own: the editor's handling of it is a long
          // task already, and the preview's (splitting the text into blocks) would double it.
          behind = [request];
          yieldToBrowser()
            .then(() => {
              const waiting = behind ?? [];
              behind = undefined;
              waiting.forEach(handle);
            })
            .catch((error: unknown) =>
              console.error('The preview could not render this text.', error),
            );
        } else {
          // Right after the editor's own update, before the browser paints: the preview shows
          // a keystroke in the same frame as the editor does.
          queueMicrotask(() => handle(request));
        }
      };
    }
  }

  /** The sections shown, for scroll sync and clicks. */
  get sections() {
    return this.patcher.sections;
  }

  /** The section holding a node of the preview. */
  sectionOf(node: Node) {
    return this.patcher.sectionOf(node);
  }

  /** Sets how the text is converted; the preview is rebuilt when they change. */
  setOptions(options: ConverterOptions): void {
    if (this.options && JSON.stringify(this.options) === JSON.stringify(options)) return;
    this.options = options;
    this.opened = false;
    if (this.latest) this.take({ ...this.latest, changes: null });
  }

  /** Takes in a change of the editor's document. */
  take(event: DocumentEvent): void {
    this.latest = event;
    if (!this.options || this.destroyed) return;
    if (event.changes && this.opened) {
      this.send({ type: 'edit', version: event.version, changes: event.changes });
      this.diagrams.textChanged();
    } else {
      this.opened = true;
      this.showing = 'nothing';
      this.send({
        type: 'open',
        version: event.version,
        text: event.getText(),
        options: this.options,
        conversion: this.mode.conversion,
      });
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.worker?.terminate();
    this.stopEngine();
    this.diagrams.destroy();
    this.stopPrinting.forEach((stop) => stop());
    this.patcher.clear();
  }

  private startWorker(): Worker | undefined {
    try {
      const worker = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<RenderResponse>) => this.receive(event.data);
      worker.onerror = (event) => {
        console.error('The preview worker failed.', event.message);
      };
      return worker;
    } catch (error) {
      console.error('No preview worker; converting on the main thread.', error);
      return undefined;
    }
  }

  private receive(response: RenderResponse): void {
    if (this.destroyed) return;
    this.patcher.learn(response.html);
    // One patch at a time, the newest rendering waiting: a long patch (a document opening)
    // finishes its first screen before the rest replaces it, and a keystroke's patch, a single
    // section, is quick.
    this.waiting = response;
    if (this.patching) return;
    this.patching = true;
    if (this.showing === 'nothing') {
      // A document just opened: its first screen goes in at once, before the rest is ready.
      this.showing = 'first screen';
      this.patch();
      return;
    }
    // Otherwise in the next frame, just before the browser lays it out: the preview is laid out
    // once per frame, never in the middle of the editor's handling of a keystroke.
    requestAnimationFrame(() => this.patch());
  }

  // Nobody waits for a patch: one that fails leaves the preview as it was, and is logged.
  private patch(): void {
    this.patchWaiting().catch((error: unknown) =>
      console.error('The preview could not show this text.', error),
    );
  }

  private async patchWaiting(): Promise<void> {
    try {
      while (this.waiting && !this.destroyed) {
        const response = this.waiting;
        this.waiting = undefined;
        if (!this.patcher.knows(response.sections)) {
          // The renderer believes the preview has HTML it does not: ask for all of it again.
          this.send({ type: 'resync' });
          continue;
        }
        await this.patcher.apply(response.sections);
        if (this.destroyed) return;
        this.events.onRendered({
          version: response.version,
          length: response.length,
          complete: response.complete,
          headings: response.headings,
        });
      }
    } finally {
      this.patching = false;
    }
  }
}

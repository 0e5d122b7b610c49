import {
  type ConverterOptions,
  createConverter,
  type Converter,
  type MarkdownDocument,
  WARM_UP_SAMPLES,
} from '@inkstone/markdown';
import { HighlightAhead, type HighlightPort } from './highlight-ahead';
import { createHighlighter } from './highlighter';
import {
  FIRST_SCREEN_BUDGET,
  RENDER_SLICE_MS,
  type RenderRequest,
  type RenderResponse,
} from './render-protocol';

/** Turns requests into renderings, in the worker (or on the main thread when no worker can
 * start): one markdown document kept up to date with the editor's edits. Each request is
 * rendered at once (an edit's rendering costs well under a millisecond, and waiting would delay
 * the preview); what is left after a first screen, or code whose highlighting just arrived,
 * follows in a later task, so edits that come meanwhile go first. A paste is split into blocks
 * in slices of RENDER_SLICE_MS too (edits that come meanwhile wait behind it in the document:
 * `MarkdownDocument.edit`), then rendered as above. An edit made while such work is left
 * renders its own blocks only and leaves the rest to the slices: on the main thread the edit is
 * rendered in the keystroke's own task, which a slice of the paste's blocks made 35-90 ms
 * long in the first seconds after a 1,000,000-character paste (docs/adr/0003, "Typing while a
 * paste is rendered"). */
export class RenderEngine {
  private converter: Converter | undefined;
  private converterKey = '';
  private document: MarkdownDocument | undefined;
  private version = 0;
  private pending = false;
  private firstScreen = false;
  private full = false;

  // Code highlighting, its languages loaded as documents use them.
  private readonly highlight = createHighlighter((languages) => this.refresh(languages));
  // A paste's code highlighted ahead in a worker, when one can start (highlight-ahead.ts).
  private readonly ahead: HighlightAhead | undefined;

  // The converter whose rules were warmed up (or are being warmed up).
  private warmed: Converter | undefined;

  /**
   * `schedule` runs a task after what is queued (the rest of a long rendering); `warmUp`, when
   * given, is how the pipeline is warmed up once a text is shown: `idle` runs a task in an idle
   * moment, and `rendered` gets each sample's HTML (the main thread sanitises it, warming the
   * sanitiser up too).
   */
  constructor(
    private readonly post: (response: RenderResponse) => void,
    private readonly schedule: (task: () => void) => void,
    private readonly warmUp?: {
      idle: (task: () => void) => void;
      rendered?: (html: string) => void;
    },
    highlightWorker?: () => HighlightPort | undefined,
  ) {
    this.ahead =
      highlightWorker &&
      new HighlightAhead(
        this.highlight,
        highlightWorker,
        (languages) => this.refresh(languages),
        warmUp?.idle,
      );
  }

  /** Stops what the engine started (the highlighting worker). */
  destroy(): void {
    this.ahead?.stop();
  }

  // Renders again the blocks holding code of these languages (its highlighting arrived).
  private refresh(languages: readonly string[]): void {
    for (const language of languages) this.document?.refreshLanguage(language);
    this.requestRender();
  }

  handle(request: RenderRequest): void {
    if (request.type === 'open') {
      // (What a worker was highlighting for the text before is not needed.)
      this.ahead?.settle();
      this.document = this.converterFor(request.options).createDocument(request.text);
      this.version = request.version;
      this.firstScreen = true;
      this.full = request.conversion === 'full';
    } else if (request.type === 'edit') {
      if (!this.document) return;
      // (A paste is split into blocks in slices, in `render`; typing is applied at once.)
      this.document.edit(request.changes, { inSlices: !this.full });
      // A paste: its code will be highlighted ahead once it is split into blocks.
      if (this.document.splitting) this.ahead?.prepare();
      // The baseline: forget everything and convert the whole text again.
      if (this.full) this.document = this.converter!.createDocument(this.document.text);
      this.version = request.version;
      if (this.pending) {
        // Work is left from before (a paste being rendered): this edit's own blocks only, now;
        // the rest goes on in the slices already scheduled.
        this.render(0);
        return;
      }
    } else {
      this.document?.reannounce();
    }
    this.render();
  }

  private converterFor(options: ConverterOptions): Converter {
    const key = JSON.stringify(options);
    if (!this.converter || key !== this.converterKey) {
      this.converter = createConverter(options, this.ahead?.highlighter ?? this.highlight);
      this.converterKey = key;
    }
    return this.converter;
  }

  private requestRender(): void {
    if (this.pending) return;
    this.pending = true;
    this.schedule(() => {
      this.pending = false;
      this.render();
    });
  }

  private lastPosted = '';

  // `sliceMs`: how long the work may go on past the blocks an edit made (which are always
  // rendered, whatever the slice).
  private render(sliceMs: number = RENDER_SLICE_MS): void {
    const document = this.document;
    if (!document) return;
    const started = performance.now();
    // Long work (a paste split into blocks, a document opened, a definition every block uses
    // changed) is done in slices; the blocks an edit made are always in the first one.
    const deadline = started + sliceMs;
    const shouldYield = sliceMs <= 0 ? () => true : () => performance.now() > deadline;
    // A paste's split into blocks comes first: until it is done, the preview shows what it
    // showed (edits meanwhile wait behind it, in the document).
    if (document.splitting) {
      if (!document.split(shouldYield)) {
        this.requestRender();
        return;
      }
      // Its code, highlighted meanwhile in a worker when there is enough of it (listed in
      // 4-6 ms at 250,000 characters, 9-24 ms at 1,000,000).
      this.ahead?.ask(document.codeAhead());
    }
    // A document just opened shows its first screen first, then the rest.
    const budget = this.firstScreen ? FIRST_SCREEN_BUDGET : Infinity;
    this.firstScreen = false;
    const update = document.update({ budget, shouldYield });
    // Complete once no code is left plain waiting for the worker's highlighting (which renders
    // it again when it comes).
    const complete = update.complete && !this.ahead?.waiting;
    if (!update.complete) this.requestRender();
    else if (complete) {
      this.ahead?.settle();
      if (this.converter !== this.warmed) this.startWarmUp();
    }
    // Nothing new since the last rendering posted (a later task found the work done): stay quiet.
    const ids = update.sections;
    const signature = `${this.version}:${complete}:${ids.length}:${ids[0]?.id}:${ids.at(-1)?.id}`;
    if (Object.keys(update.html).length === 0 && signature === this.lastPosted) return;
    this.lastPosted = signature;
    this.post({
      type: 'render',
      version: this.version,
      length: document.length,
      complete,
      sections: update.sections,
      html: update.html,
      headings: update.headings,
      workMs: performance.now() - started,
    });
  }

  /**
   * Renders `WARM_UP_SAMPLES` with the converter, one sample per idle moment, so that the first
   * run of each rule (compiling its code and regular expressions: up to 22 ms for one rule)
   * is paid before the writer's text needs it: a big paste into a fresh app's empty file met
   * them all within its first slices (docs/adr/0003, "Warming the pipeline up"). A sample
   * waits while a rendering is left to do; a new converter (other options) is warmed anew.
   */
  private startWarmUp(): void {
    const warmUp = this.warmUp;
    const converter = this.converter;
    if (!warmUp || !converter) return;
    this.warmed = converter;
    let next = 0;
    const step = () => {
      if (this.converter !== converter) return;
      if (!this.pending) {
        const { html } = converter.render(WARM_UP_SAMPLES[next]!);
        warmUp.rendered?.(html);
        next += 1;
      }
      if (next < WARM_UP_SAMPLES.length) warmUp.idle(step);
      else this.ahead?.warm();
    };
    warmUp.idle(step);
  }
}

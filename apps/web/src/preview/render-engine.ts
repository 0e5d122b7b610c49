import {
  type ConverterOptions,
  createConverter,
  type Converter,
  type MarkdownDocument,
} from '@inkstone/markdown';
import { createHighlighter } from './highlighter';
import {
  FIRST_SCREEN_BUDGET,
  LANGUAGE_WAIT_MS,
  PREFETCH_MIN_LENGTH,
  RENDER_SLICE_MS,
  type RenderRequest,
  type RenderResponse,
} from './render-protocol';

/** Turns requests into renderings, in the worker (or on the main thread when no worker can
 * start): one markdown document kept up to date with the editor's edits. Each request is
 * rendered at once (an edit's rendering costs well under a millisecond, and waiting would delay
 * the preview); what is left after a first screen, or code whose highlighting just arrived,
 * follows in a later task, so edits that come meanwhile go first. A text opened or pasted
 * (PREFETCH_MIN_LENGTH characters or more) starts loading the highlighting of every language its
 * fences name; while they load (at most LANGUAGE_WAIT_MS) the rest of the text is converted but
 * held back, and handed out once they are there, its code rendered again highlighted: the
 * preview builds each section once, where it built every code block of a big paste twice
 * (plain, then highlighted). An edit's own rendering is never held. */
export class RenderEngine {
  private converter: Converter | undefined;
  private converterKey = '';
  private document: MarkdownDocument | undefined;
  private version = 0;
  private pending = false;
  private firstScreen = false;
  private full = false;
  // The languages a text just opened or pasted is waiting for, and the HTML held back meanwhile.
  private languages: Promise<void> | undefined;
  private held: Record<number, string> = {};

  // Code highlighting, its languages loaded as documents use them.
  private readonly highlighter = createHighlighter((languages) => {
    for (const language of languages) this.document?.refreshLanguage(language);
    this.requestRender();
  });

  constructor(
    private readonly post: (response: RenderResponse) => void,
    private readonly schedule: (task: () => void) => void,
  ) {}

  handle(request: RenderRequest): void {
    if (request.type === 'open') {
      this.held = {};
      this.document = this.converterFor(request.options).createDocument(request.text);
      this.version = request.version;
      this.firstScreen = true;
      this.full = request.conversion === 'full';
      this.prefetch(request.text);
    } else if (request.type === 'edit') {
      if (!this.document) return;
      this.document.edit(request.changes);
      for (const change of request.changes) this.prefetch(change.insert);
      // The baseline: forget everything and convert the whole text again.
      if (this.full) this.document = this.converter!.createDocument(this.document.text);
      this.version = request.version;
    } else {
      this.document?.reannounce();
    }
    this.render(false);
  }

  private converterFor(options: ConverterOptions): Converter {
    const key = JSON.stringify(options);
    if (!this.converter || key !== this.converterKey) {
      this.converter = createConverter(options, this.highlighter.highlight);
      this.converterKey = key;
    }
    return this.converter;
  }

  // Starts loading the languages of a long text's fences; the rest of its rendering is held
  // back until they are there (or LANGUAGE_WAIT_MS passed), then rendered.
  private prefetch(text: string): void {
    if (text.length < PREFETCH_MIN_LENGTH) return;
    const loading = this.highlighter.prefetch(text);
    if (!loading) return;
    const waited = Promise.race([
      loading,
      new Promise<void>((resolve) => setTimeout(resolve, LANGUAGE_WAIT_MS)),
    ]);
    const both = this.languages ? Promise.all([this.languages, waited]) : waited;
    const languages: Promise<void> = both.then(() => {
      if (this.languages !== languages) return;
      this.languages = undefined;
      this.requestRender();
    });
    this.languages = languages;
  }

  private requestRender(): void {
    if (this.pending) return;
    this.pending = true;
    this.schedule(() => {
      this.pending = false;
      this.render(true);
    });
  }

  private lastPosted = '';

  // `later`: the continuation of earlier work (not a request's own rendering), which is held
  // back while the languages of a text just opened or pasted load.
  private render(later: boolean): void {
    const document = this.document;
    if (!document) return;
    const started = performance.now();
    // A document just opened shows its first screen first, then the rest.
    const budget = this.firstScreen ? FIRST_SCREEN_BUDGET : Infinity;
    this.firstScreen = false;
    // Long work (a document opened, a definition every block uses changed) is done in slices;
    // the blocks an edit made are always in the first one.
    const deadline = started + RENDER_SLICE_MS;
    const update = document.update({ budget, shouldYield: () => performance.now() > deadline });
    if (!update.complete) this.requestRender();
    Object.assign(this.held, update.html);
    if (later && this.languages) return;
    // Of the HTML held back, only that of sections still listed (code rendered again while its
    // language loaded has new sections).
    let html = this.held;
    this.held = {};
    if (Object.keys(html).length > Object.keys(update.html).length) {
      const listed = new Set(update.sections.map((section) => section.id));
      html = Object.fromEntries(Object.entries(html).filter(([id]) => listed.has(Number(id))));
    }
    // Nothing new since the last rendering posted (a later task found the work done): stay quiet.
    const ids = update.sections;
    const signature = `${this.version}:${update.complete}:${ids.length}:${ids[0]?.id}:${ids.at(-1)?.id}`;
    if (Object.keys(html).length === 0 && signature === this.lastPosted) return;
    this.lastPosted = signature;
    this.post({
      type: 'render',
      version: this.version,
      length: document.length,
      complete: update.complete,
      sections: update.sections,
      html,
      headings: update.headings,
      workMs: performance.now() - started,
    });
  }
}

import {
  type ConverterOptions,
  createConverter,
  type Converter,
  type MarkdownDocument,
} from '@inkstone/markdown';
import { createHighlighter } from './highlighter';
import { FIRST_SCREEN_BUDGET, type RenderRequest, type RenderResponse } from './render-protocol';

/** Turns requests into renderings, in the worker (or on the main thread when no worker can
 * start): one markdown document kept up to date with the editor's edits. Renderings are
 * coalesced: edits that arrive while a rendering is pending are applied first, then one
 * rendering covers them all. */
export class RenderEngine {
  private converter: Converter | undefined;
  private converterKey = '';
  private document: MarkdownDocument | undefined;
  private version = 0;
  private pending = false;
  private firstScreen = false;
  private full = false;

  // Code highlighting, its languages loaded as documents use them.
  private readonly highlight = createHighlighter((languages) => {
    for (const language of languages) this.document?.refreshLanguage(language);
    this.requestRender();
  });

  constructor(
    private readonly post: (response: RenderResponse) => void,
    private readonly schedule: (task: () => void) => void,
  ) {}

  handle(request: RenderRequest): void {
    if (request.type === 'open') {
      this.document = this.converterFor(request.options).createDocument(request.text);
      this.version = request.version;
      this.firstScreen = true;
      this.full = request.conversion === 'full';
    } else if (request.type === 'edit') {
      if (!this.document) return;
      this.document.edit(request.changes);
      // The baseline: forget everything and convert the whole text again.
      if (this.full) this.document = this.converter!.createDocument(this.document.text);
      this.version = request.version;
    } else {
      this.document?.reannounce();
    }
    this.requestRender();
  }

  private converterFor(options: ConverterOptions): Converter {
    const key = JSON.stringify(options);
    if (!this.converter || key !== this.converterKey) {
      this.converter = createConverter(options, this.highlight);
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

  private render(): void {
    const document = this.document;
    if (!document) return;
    const started = performance.now();
    // A document just opened shows its first screen first, then the rest.
    const budget = this.firstScreen ? FIRST_SCREEN_BUDGET : Infinity;
    this.firstScreen = false;
    const update = document.update(budget);
    this.post({
      type: 'render',
      version: this.version,
      length: document.length,
      complete: update.complete,
      sections: update.sections,
      html: update.html,
      headings: update.headings,
      workMs: performance.now() - started,
    });
    if (!update.complete) this.requestRender();
  }
}

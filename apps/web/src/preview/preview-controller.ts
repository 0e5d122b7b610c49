import { createConverter, createSanitizer, type Heading } from '@inkstone/markdown';
import { createDiagramRenderer } from './diagrams';
import { type RenderRequest, type RenderResponse } from './render-protocol';
import { SectionPatcher } from './section-patcher';

/** What the preview reports once a version of the text is shown. */
export interface PreviewEvents {
  /** A version of the text (of `length` characters) is fully shown. */
  onRendered(version: number, length: number, headings: Heading[]): void;
}

/** Keeps the preview in step with the editor: conversion runs in a worker, latest text wins
 * (at most one conversion in flight, the newest text waiting), and the resulting sections are
 * sanitised and patched into the page in small slices. */
export class PreviewController {
  private worker: Worker | undefined;
  private busy = false;
  private pending: RenderRequest | undefined;
  private readonly patcher: SectionPatcher;
  private destroyed = false;
  private fallback: ReturnType<typeof createConverter> | undefined;
  private readonly diagrams = createDiagramRenderer(window);

  constructor(
    readonly content: HTMLElement,
    private readonly events: PreviewEvents,
  ) {
    const sanitizer = createSanitizer(window);
    const template = document.createElement('template');
    this.patcher = new SectionPatcher(content, (html) => {
      template.innerHTML = sanitizer.sanitize(html);
      this.diagrams.render(template.content);
      return template.content;
    });
    try {
      this.worker = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<RenderResponse>) => void this.show(event.data);
      this.worker.onerror = (event) => {
        console.error('The preview worker failed; converting on the main thread.', event.message);
        this.worker?.terminate();
        this.worker = undefined;
        this.busy = false;
        this.flushPending();
      };
    } catch (error) {
      console.error('No preview worker; converting on the main thread.', error);
    }
  }

  /** Asks for `text` to be shown. */
  update(text: string, version: number): void {
    this.pending = { text, version };
    this.flushPending();
  }

  destroy(): void {
    this.destroyed = true;
    this.worker?.terminate();
    this.diagrams.destroy();
    this.patcher.clear();
  }

  private flushPending(): void {
    if (this.busy || !this.pending || this.destroyed) return;
    const request = this.pending;
    this.pending = undefined;
    this.busy = true;
    if (this.worker) {
      this.worker.postMessage(request);
      return;
    }
    this.fallback ??= createConverter();
    const started = performance.now();
    const { sections, headings } = this.fallback.renderSections(request.text);
    void this.show({
      version: request.version,
      length: request.text.length,
      sections,
      headings,
      convertMs: performance.now() - started,
    });
  }

  private async show(response: RenderResponse): Promise<void> {
    this.busy = false;
    if (this.destroyed) return;
    // A newer text is waiting: convert it at once, and show this one meanwhile.
    this.flushPending();
    const done = await this.patcher.apply(response.sections);
    if (done && !this.destroyed) {
      this.events.onRendered(response.version, response.length, response.headings);
    }
  }
}

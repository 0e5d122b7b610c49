import { EMBED_DEBOUNCE_MS } from './embed-request';

/** What the embedding page receives when the text changes (the reference's message shape). */
export interface FileChangeMessage {
  type: 'fileChange';
  payload: {
    id: string;
    name: string;
    content: {
      text: string;
      properties: Record<string, unknown>;
      yamlProperties: string;
      html: string;
    };
  };
}

export type EmbedMessage = FileChangeMessage | { type: 'ready' } | { type: 'close' };

/** The window messages go to: the embedding frame's parent, or the popup's opener. */
export interface EmbedTarget {
  postMessage(message: EmbedMessage, targetOrigin: string): void;
}

/** The parent of an iframe, else the opener of a popup; undefined for a page opened alone. */
export function embedTarget(
  view: Pick<Window, 'parent' | 'opener'> & object,
): EmbedTarget | undefined {
  if (view.parent && view.parent !== view) return view.parent as EmbedTarget;
  return (view.opener as EmbedTarget | null) ?? undefined;
}

/**
 * Posts embedded mode's messages to the embedding page, **only to its origin**: every
 * `postMessage` names it as the target origin, never `*`, so a page of any other origin holding
 * the frame (or having opened the popup) receives nothing: the browser drops the message. A
 * change is posted once no other follows within {@link EMBED_DEBOUNCE_MS}; after `close`, nothing
 * more is posted.
 */
export class EmbedMessenger {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly target: EmbedTarget,
    private readonly origin: string,
    private readonly timers: {
      set(task: () => void, ms: number): ReturnType<typeof setTimeout>;
      clear(timer: ReturnType<typeof setTimeout>): void;
    } = { set: (task, ms) => setTimeout(task, ms), clear: (timer) => clearTimeout(timer) },
  ) {}

  /** Whether `close` was posted. */
  get isClosed(): boolean {
    return this.closed;
  }

  ready(): void {
    if (!this.closed) this.target.postMessage({ type: 'ready' }, this.origin);
  }

  /** Schedules a fileChange; `build` runs when it is due, and its message is posted then. */
  changed(build: () => Promise<FileChangeMessage | undefined>): void {
    if (this.closed) return;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      build()
        .then((message) => {
          if (message && !this.closed) this.target.postMessage(message, this.origin);
        })
        .catch((error: unknown) => console.error('The change was not sent to the page.', error));
    }, EMBED_DEBOUNCE_MS);
  }

  /** Posts `close` once; no change is posted after it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.target.postMessage({ type: 'close' }, this.origin);
  }
}

/** The messenger of this page's embedded file, once started (the navigation bar's Close). */
export const embedSession: { messenger?: EmbedMessenger } = {};

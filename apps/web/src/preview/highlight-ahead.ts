import { type FenceCode, type Highlighter } from '@inkstone/markdown';
import { codeKey, type HighlightReply, type HighlightRequest } from './highlight-serve';
import { canHighlight, isLoaded, type LoadingHighlighter } from './highlighter';

/**
 * Highlighting a big paste's code ahead, in a worker (docs/adr/0003, "Code highlighted ahead, in a
 * worker"). A paste of doc-250k spent about 250 ms of the main thread on its code: highlight.js
 * itself (75-105 ms), loading and evaluating the languages, and rendering again the blocks shown
 * plain until their language arrived. The preview lists the code its rendering will ask for
 * (`MarkdownDocument.codeAhead`), a worker highlights it meanwhile on the other core, and the
 * rendering takes each block's HTML from there: the same function of the same input (highlight.js,
 * the same languages and the same rule for the languages they embed), so the same HTML as
 * highlighting it here.
 */

/** Fewer characters of code than this in a paste are highlighted where they are rendered. */
export const AHEAD_MIN_CODE = 4_000;

/** How long the preview waits for the worker's next answer before it highlights what is left
 * itself. */
export const WORKER_PATIENCE_MS = 2_000;

/** The languages the worker loads before any paste: those fenced code names most often. */
export const WARM_LANGUAGES: readonly string[] = [
  'javascript',
  'typescript',
  'python',
  'bash',
  'shell',
  'json',
  'xml',
  'css',
  'yaml',
  'markdown',
  'diff',
  'plaintext',
  'sql',
  'java',
  'go',
  'rust',
  'c',
  'cpp',
];

/** The highlighting worker: the part of a Worker the preview uses (as services/worker-hash.ts's
 * `HashPort`). */
export interface HighlightPort {
  postMessage(request: HighlightRequest): void;
  onmessage: ((event: MessageEvent<HighlightReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/**
 * The preview's side: keeps the HTML a worker made for the code of a paste, and a highlighter
 * that takes it from there. While a request is out, code the worker has not answered yet, of a
 * language not loaded here, is shown plain and rendered again once its answer comes (`refresh`,
 * as when a language arrives), so the main thread neither highlights it nor loads its language;
 * code of a language loaded here is highlighted here. `settle` (the paste is shown) drops the
 * HTML kept and loads here, later, the languages the paste used, for the typing to come.
 */
export class HighlightAhead {
  private readonly kept = new Map<string, string>();
  // Code shown plain while waiting for the worker: its key and language.
  private readonly missed = new Map<string, string>();
  private request: { id: number; items: readonly FenceCode[]; done: boolean } | undefined;
  private nextId = 1;
  private port: HighlightPort | undefined;
  private started = false;
  private readonly used = new Set<string>();
  private patience: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly highlight: LoadingHighlighter,
    private readonly startWorker: () => HighlightPort | undefined,
    /** Renders again the blocks of these languages (their HTML came). */
    private readonly refresh: (languages: string[]) => void,
    /** Runs a task in an idle moment (the languages' loading after a paste). */
    private readonly idle: (task: () => void) => void = (task) => setTimeout(task, 0),
    /** What this thread's highlighter can do (highlighter.ts). */
    private readonly here: {
      canHighlight(language: string): boolean;
      isLoaded(language: string): boolean;
    } = { canHighlight, isLoaded },
  ) {}

  /** The highlighter a rendering uses. */
  readonly highlighter: Highlighter = (code, language) => {
    const request = this.request;
    if (request) {
      const key = codeKey(language, code);
      const html = this.kept.get(key);
      if (html !== undefined) return html;
      if (!request.done && this.here.canHighlight(language) && !this.here.isLoaded(language)) {
        this.missed.set(key, language);
        return null;
      }
    }
    return this.highlight(code, language);
  };

  /** Whether code is shown plain until the worker's answer comes: the rendering is not
   * finished. */
  get waiting(): boolean {
    return this.missed.size > 0;
  }

  /** Starts the worker and has it load and compile the languages fenced code uses most
   * (WARM_LANGUAGES), in an idle moment long before a paste: a worker started at the paste
   * answered its first code 600 ms later, after the main thread had shown most of it plain. */
  warm(): void {
    const port = this.connect();
    if (!port || this.request) return;
    port.postMessage({ id: 0, items: WARM_LANGUAGES.map((language) => ({ code: 'x', language })) });
  }

  /** Starts the worker, if none runs yet, ahead of a request (a paste is being split into
   * blocks before the worker was warmed up). */
  prepare(): void {
    this.connect();
  }

  /** Asks the worker to highlight `items` (the code a paste's rendering will ask for), unless
   * there is too little of it to be worth a worker. */
  ask(items: readonly FenceCode[]): void {
    let chars = 0;
    for (const item of items) if (this.here.canHighlight(item.language)) chars += item.code.length;
    if (chars < AHEAD_MIN_CODE) return;
    const port = this.connect();
    if (!port) return;
    this.request = { id: this.nextId++, items, done: false };
    this.kept.clear();
    port.postMessage({ id: this.request.id, items });
    this.wait();
  }

  /** The paste is shown: the HTML kept is dropped, and the languages it used are loaded here in
   * an idle moment (typing in its code highlights at once). The worker is kept for the next
   * paste (about 3 MB of heap of its own, with WARM_LANGUAGES compiled: docs/adr/0003). */
  settle(): void {
    const request = this.request;
    if (!request) return;
    this.request = undefined;
    clearTimeout(this.patience);
    // What the worker has left of it is not needed: an empty request takes its place.
    if (!request.done) this.port?.postMessage({ id: this.nextId++, items: [] });
    this.kept.clear();
    this.missed.clear();
    const used = [...this.used];
    this.used.clear();
    this.idle(() => this.highlight.preload(used));
  }

  /** Stops the worker (the preview is gone). */
  stop(): void {
    clearTimeout(this.patience);
    this.request = undefined;
    this.missed.clear();
    this.kept.clear();
    this.port?.terminate();
    this.port = undefined;
  }

  private connect(): HighlightPort | undefined {
    if (this.started) return this.port;
    this.started = true;
    let port: HighlightPort | undefined;
    try {
      port = this.startWorker();
    } catch (error) {
      console.error('No highlighting worker; code is highlighted here.', error);
    }
    if (!port) return undefined;
    port.onmessage = ({ data }) => this.take(data);
    port.onerror = (event) => {
      console.error('The highlighting worker failed; code is highlighted here.', event.message);
      this.fail();
    };
    this.port = port;
    return port;
  }

  private take(reply: HighlightReply): void {
    const request = this.request;
    if (!request || reply.id !== request.id) return;
    const arrived = new Set<string>();
    for (const [index, html] of reply.results) {
      const item = request.items[index];
      if (!item) continue;
      const key = codeKey(item.language, item.code);
      this.kept.set(key, html);
      this.used.add(item.language);
      if (this.missed.delete(key)) arrived.add(item.language);
    }
    if (reply.done) this.giveUp(arrived);
    else this.wait();
    if (arrived.size > 0) this.refresh([...arrived]);
  }

  // The worker's next answer is awaited for WORKER_PATIENCE_MS at most.
  private wait(): void {
    clearTimeout(this.patience);
    this.patience = setTimeout(() => this.stopWaiting(), WORKER_PATIENCE_MS);
  }

  // Highlights here what waits for the worker.
  private stopWaiting(): void {
    const arrived = new Set<string>();
    this.giveUp(arrived);
    if (arrived.size > 0) this.refresh([...arrived]);
  }

  // Nothing more comes from the worker for this request: the code still shown plain (typed
  // meanwhile, of a language that failed to load there, or not answered) is highlighted here,
  // its languages added to `arrived`.
  private giveUp(arrived: Set<string>): void {
    clearTimeout(this.patience);
    if (this.request) this.request.done = true;
    for (const language of this.missed.values()) arrived.add(language);
    this.missed.clear();
  }

  private fail(): void {
    this.port?.terminate();
    this.port = undefined;
    // (`started` stays: no new worker is tried for this preview.)
    this.stopWaiting();
  }
}

/** The highlighting worker in the browser; undefined where none can start. */
export function startHighlightWorker(): HighlightPort | undefined {
  return typeof Worker === 'function'
    ? new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' })
    : undefined;
}

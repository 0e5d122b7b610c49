// What the loaders of third-party scripts (Google's picker, Dropbox's Chooser) share: the page's
// <script> elements and clock, and keeping what loaded.

/** A `<script>` element as a loader uses it. */
export interface PageScript {
  addEventListener(type: 'load' | 'error', listener: () => void): void;
  remove(): void;
}

/** The page's clock and connection, given by the caller so that tests use fakes. */
export interface ScriptClock {
  /** `navigator.onLine`. */
  onLine(): boolean;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The browser's clock and connection. */
export function browserScriptClock(): ScriptClock {
  return {
    onLine: () => navigator.onLine,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}

/** Adds an async `<script>` for `src` to the page's head, with `id` and `data-*` attributes. */
export function addBrowserScript(
  src: string,
  options: { id?: string; data?: Record<string, string> } = {},
): PageScript {
  const script = document.createElement('script');
  if (options.id) script.id = options.id;
  script.src = src;
  script.async = true;
  Object.assign(script.dataset, options.data ?? {});
  document.head.append(script);
  return script;
}

/**
 * Loads once: one load at a time, shared by who asks meanwhile; an answer that is `ok` is kept
 * for the page, a failure is not, so the next ask loads again.
 */
export class LoadOnce<A extends { ok: boolean }> {
  private kept: A | undefined;
  private pending: Promise<A> | undefined;

  load(fetch: () => Promise<A>): Promise<A> {
    if (this.kept) return Promise.resolve(this.kept);
    this.pending ??= fetch().then((answer) => {
      this.pending = undefined;
      if (answer.ok) this.kept = answer;
      return answer;
    });
    return this.pending;
  }
}

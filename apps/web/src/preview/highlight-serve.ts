import { type FenceCode } from '@inkstone/markdown';
import { canHighlight, createHighlighter, isLoaded } from './highlighter';

// The highlighting worker's side of highlighting a paste's code ahead (highlight-ahead.ts).

/** What the preview asks of the highlighting worker: highlight `items`, in order, dropping what
 * is left of an earlier request. */
export interface HighlightRequest {
  id: number;
  items: readonly FenceCode[];
}

/** What the worker answers: the HTML of some items of request `id`, by index (an item of a
 * language that cannot be highlighted has none); `done` once every item is answered. */
export interface HighlightReply {
  id: number;
  results: [index: number, html: string][];
  done: boolean;
}

/** The key code is kept by, on both sides: its language and its text. */
export function codeKey(language: string, code: string): string {
  return `${language}\u0000${code}`;
}

/** How long the worker highlights before it posts what it has, in milliseconds. */
const BATCH_MS = 12;

/**
 * The worker's side: highlights each request's items in order, in batches of about BATCH_MS,
 * posting each batch's HTML; an item whose language is loading is answered once it arrives
 * (nothing is answered for a language that cannot be highlighted or failed to load). Code that
 * comes twice is highlighted once (the preview keeps the HTML by code and language).
 */
export function serveHighlights(
  post: (reply: HighlightReply) => void,
  schedule: (task: () => void) => void = (task) => setTimeout(task, 0),
): (request: HighlightRequest) => void {
  let current: HighlightRequest | undefined;
  let next = 0;
  // Items whose language is loading, by the name written in their fence.
  const waiting = new Map<string, number[]>();
  const ready: number[] = [];
  const seen = new Set<string>();
  let scheduled = false;
  const requeue = (languages: string[], dropped: boolean) => {
    for (const language of languages) {
      if (!dropped) ready.push(...(waiting.get(language) ?? []));
      waiting.delete(language);
    }
    wake();
  };
  const highlight = createHighlighter(
    (languages) => requeue(languages, false),
    (languages) => requeue(languages, true),
  );
  const wake = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(work);
  };
  const work = () => {
    scheduled = false;
    const request = current;
    if (!request) return;
    const started = performance.now();
    const results: [number, string][] = [];
    while (ready.length > 0 || next < request.items.length) {
      if (results.length > 0 && performance.now() - started > BATCH_MS) break;
      const index = ready.shift() ?? next++;
      const { code, language } = request.items[index]!;
      const key = codeKey(language, code);
      const html = highlight(code, language);
      if (html !== null) {
        if (!seen.has(key)) results.push([index, html]);
        seen.add(key);
      } else if (canHighlight(language) && !isLoaded(language)) {
        const list = waiting.get(language) ?? [];
        list.push(index);
        waiting.set(language, list);
      }
    }
    const left = ready.length > 0 || next < request.items.length;
    const done = !left && waiting.size === 0;
    if (results.length > 0 || done) post({ id: request.id, results, done });
    if (left) wake();
  };
  return (request) => {
    current = request;
    next = 0;
    waiting.clear();
    ready.length = 0;
    seen.clear();
    wake();
  };
}

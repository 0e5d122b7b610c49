import { type FenceCode } from '@inkstone/markdown';
import hljs from 'highlight.js/lib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AHEAD_MIN_CODE,
  HighlightAhead,
  type HighlightPort,
  WORKER_PATIENCE_MS,
} from './highlight-ahead';
import { type HighlightReply, type HighlightRequest, serveHighlights } from './highlight-serve';

// Replies until one says done (the worker's side run in this thread, its tasks as timers).
const serveAll = async (requests: HighlightRequest[]) => {
  const replies: HighlightReply[] = [];
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const serve = serveHighlights((reply) => {
    replies.push(reply);
    if (reply.done && reply.id === requests.at(-1)!.id) finished();
  });
  for (const request of requests) serve(request);
  await done;
  return replies;
};

const code = (n: number) =>
  Array.from({ length: n }, (_, i) => `const value${i} = compute(${i}); // line ${i}`).join('\n');

describe('serveHighlights (the worker)', () => {
  it('answers each item with the HTML highlight.js gives, once its language has loaded', async () => {
    const items: FenceCode[] = [
      { code: 'const a = 1;\n', language: 'js' },
      { code: 'def f():\n    return "x"\n', language: 'python' },
      { code: 'whatever\n', language: 'no-such-language' },
      { code: 'const a = 1;\n', language: 'js' },
      { code: '<b>bold</b>\n', language: 'html' },
    ];
    const replies = await serveAll([{ id: 7, items }]);
    expect(replies.every((reply) => reply.id === 7)).toBe(true);
    const answered = new Map(replies.flatMap((reply) => reply.results));
    // Code that comes twice is answered once; a language that cannot be highlighted, never.
    expect([...answered.keys()].sort()).toEqual([0, 1, 4]);
    expect(answered.get(0)).toBe(
      hljs.highlight('const a = 1;\n', { language: 'javascript', ignoreIllegals: true }).value,
    );
    expect(answered.get(1)).toContain('<span class="hljs-keyword">def</span>');
    expect(answered.get(4)).toContain('<span class="hljs-name">b</span>');
  });

  it('drops what is left of a request when a new one comes', async () => {
    const first: HighlightRequest = {
      id: 1,
      items: Array.from({ length: 400 }, (_, i) => ({ code: code(40) + i, language: 'js' })),
    };
    const second: HighlightRequest = { id: 2, items: [{ code: 'let b = 2;', language: 'ts' }] };
    const replies = await serveAll([first, second]);
    expect(replies.filter((reply) => reply.id === 1)).toEqual([]);
    expect(replies.filter((reply) => reply.id === 2).flatMap((reply) => reply.results)).toEqual([
      [0, hljs.highlight('let b = 2;', { language: 'typescript', ignoreIllegals: true }).value],
    ]);
  });
});

// A port whose requests are kept, and whose replies the test hands over (`reply`, `fail`).
const fakePort = () => {
  const requests: HighlightRequest[] = [];
  const port: HighlightPort & {
    requests: HighlightRequest[];
    terminated: boolean;
    reply(reply: HighlightReply): void;
    fail(): void;
  } = {
    requests,
    terminated: false,
    postMessage: (request) => requests.push(request),
    onmessage: null,
    onerror: null,
    terminate: () => {
      port.terminated = true;
    },
    reply: (reply) => port.onmessage!({ data: reply } as MessageEvent<HighlightReply>),
    fail: () => port.onerror!({ message: 'failed' } as ErrorEvent),
  };
  return port;
};

const setup = (loadedHere: string[] = []) => {
  const port = fakePort();
  const refreshed: string[][] = [];
  const hereAsked: string[] = [];
  const preloaded: string[][] = [];
  const idle: (() => void)[] = [];
  const highlight = Object.assign(
    (text: string, language: string) => {
      hereAsked.push(text);
      return loadedHere.includes(language) ? `<here>${text}</here>` : null;
    },
    { preload: (languages: readonly string[]) => preloaded.push([...languages]) },
  );
  const ahead = new HighlightAhead(
    highlight,
    () => port,
    (languages) => refreshed.push(languages),
    (task) => idle.push(task),
    { canHighlight: (language) => language !== 'mermaid', isLoaded: (l) => loadedHere.includes(l) },
  );
  return { ahead, port, refreshed, hereAsked, preloaded, idle };
};

const big = (language: string, n = 3): FenceCode[] =>
  Array.from({ length: n }, (_, i) => ({ code: `${code(60)}\n// block ${i}`, language }));

describe('HighlightAhead (the preview)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks no worker for a paste with little code', () => {
    const { ahead, port } = setup();
    ahead.ask([{ code: 'x'.repeat(AHEAD_MIN_CODE - 1), language: 'js' }]);
    ahead.ask([{ code: 'x'.repeat(AHEAD_MIN_CODE), language: 'mermaid' }]);
    expect(port.requests).toEqual([]);
    expect(ahead.highlighter('let first = 1;', 'js')).toBeNull();
    expect(ahead.waiting).toBe(false);
  });

  it('shows code plain until the worker answers, then renders it again with that HTML', () => {
    const { ahead, port, refreshed, hereAsked } = setup();
    const items = [...big('js'), ...big('python')];
    ahead.ask(items);
    expect(port.requests).toEqual([{ id: 1, items }]);
    expect(ahead.highlighter(items[0]!.code, 'js')).toBeNull();
    expect(ahead.highlighter(items[3]!.code, 'python')).toBeNull();
    expect(ahead.waiting).toBe(true);
    port.reply({ id: 1, results: [[0, '<js0/>']], done: false });
    expect(refreshed).toEqual([['js']]);
    expect(ahead.waiting).toBe(true);
    port.reply({ id: 1, results: [[3, '<py0/>']], done: false });
    expect(refreshed).toEqual([['js'], ['python']]);
    expect(ahead.waiting).toBe(false);
    expect(ahead.highlighter(items[0]!.code, 'js')).toBe('<js0/>');
    expect(ahead.highlighter(items[3]!.code, 'python')).toBe('<py0/>');
    // This thread never highlighted (nor loaded) the code the worker had.
    expect(hereAsked).toEqual([]);
  });

  it('highlights code of a language loaded here at once, without waiting', () => {
    const { ahead, hereAsked } = setup(['js']);
    ahead.ask(big('js'));
    expect(ahead.highlighter('let typed = 1;', 'js')).toBe('<here>let typed = 1;</here>');
    expect(hereAsked).toEqual(['let typed = 1;']);
    expect(ahead.waiting).toBe(false);
  });

  it('highlights here what the worker was not asked for once it is done', () => {
    const { ahead, port, refreshed, hereAsked } = setup();
    ahead.ask(big('js'));
    // Typed while the paste is rendered: not in the request.
    expect(ahead.highlighter('typed();', 'ts')).toBeNull();
    port.reply({ id: 1, results: [], done: true });
    expect(refreshed).toEqual([['ts']]);
    expect(ahead.waiting).toBe(false);
    ahead.highlighter('typed();', 'ts');
    expect(hereAsked).toEqual(['typed();']);
  });

  it('ignores replies to an earlier request', () => {
    const { ahead, port, refreshed } = setup();
    const first = big('js');
    ahead.ask(first);
    const second = big('go');
    ahead.ask(second);
    port.reply({ id: 1, results: [[0, '<old/>']], done: true });
    expect(refreshed).toEqual([]);
    expect(ahead.highlighter(first[0]!.code, 'js')).toBeNull();
    port.reply({ id: 2, results: [[0, '<new/>']], done: false });
    expect(ahead.highlighter(second[0]!.code, 'go')).toBe('<new/>');
  });

  it('stops waiting for a worker that does not answer, or failed', () => {
    vi.useFakeTimers();
    const silent = setup();
    silent.ahead.ask(big('js'));
    expect(silent.ahead.highlighter(big('js')[1]!.code, 'js')).toBeNull();
    vi.advanceTimersByTime(WORKER_PATIENCE_MS - 1);
    expect(silent.refreshed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(silent.refreshed).toEqual([['js']]);
    expect(silent.ahead.waiting).toBe(false);

    const failing = setup();
    failing.ahead.ask(big('js'));
    expect(failing.ahead.highlighter(big('js')[2]!.code, 'js')).toBeNull();
    failing.port.fail();
    expect(failing.refreshed).toEqual([['js']]);
    expect(failing.port.terminated).toBe(true);
    failing.ahead.highlighter(big('js')[2]!.code, 'js');
    expect(failing.hereAsked).toHaveLength(1);
    // No worker is tried again for this preview.
    failing.ahead.ask(big('js'));
    expect(failing.port.requests).toHaveLength(1);
  });

  it('once the paste is shown, drops the HTML and loads its languages here when idle', () => {
    const { ahead, port, preloaded, idle, hereAsked } = setup();
    const items = [...big('js'), ...big('rust')];
    ahead.ask(items);
    port.reply({
      id: 1,
      results: [
        [0, '<a/>'],
        [3, '<b/>'],
      ],
      done: false,
    });
    ahead.settle();
    // What the worker had left is replaced by an empty request; the worker is kept.
    expect(port.requests.at(-1)).toEqual({ id: 2, items: [] });
    expect(port.terminated).toBe(false);
    expect(ahead.highlighter(items[0]!.code, 'js')).toBeNull();
    expect(hereAsked).toHaveLength(1);
    expect(preloaded).toEqual([]);
    idle.forEach((task) => task());
    expect(preloaded).toEqual([['js', 'rust']]);
    ahead.stop();
    expect(port.terminated).toBe(true);
  });

  it('warms the worker up with the languages code uses most, long before a paste', () => {
    const { ahead, port } = setup();
    ahead.warm();
    expect(port.requests).toHaveLength(1);
    expect(port.requests[0]!.id).toBe(0);
    expect(port.requests[0]!.items.map((item) => item.language)).toContain('javascript');
    // Its replies are no request's.
    port.reply({ id: 0, results: [[0, '<x/>']], done: true });
    expect(ahead.waiting).toBe(false);
  });
});

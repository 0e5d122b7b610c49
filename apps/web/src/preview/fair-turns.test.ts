import { afterEach, describe, expect, it, vi } from 'vitest';

// The preview's default yielder, with a clock and a `scheduler.yield` of the test's own: which
// pauses go ahead of the page's other tasks (a continuation) and which wait behind them.
async function freshYielder() {
  vi.resetModules();
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const continuations = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: continuations });
  const { FAIR_TURN_MS, yieldToBrowser } = await import('./section-patcher');
  return {
    FAIR_TURN_MS,
    yieldToBrowser,
    continuations,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the preview’s turns between its slices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits behind the page’s tasks once it has worked FAIR_TURN_MS, and goes ahead before', async () => {
    const { FAIR_TURN_MS, yieldToBrowser, continuations, advance } = await freshYielder();
    await yieldToBrowser(); // The first pause of a chain: nothing worked yet.
    expect(continuations).toHaveBeenCalledTimes(1);
    const slice = 10;
    const aheadOfThePage = Math.ceil(FAIR_TURN_MS / slice) - 1;
    for (let i = 0; i < aheadOfThePage; i += 1) {
      advance(slice);
      await yieldToBrowser();
    }
    expect(continuations).toHaveBeenCalledTimes(1 + aheadOfThePage);
    advance(slice);
    await yieldToBrowser(); // FAIR_TURN_MS of work: this one waits behind the page's tasks.
    expect(continuations).toHaveBeenCalledTimes(1 + aheadOfThePage);
    advance(slice);
    await yieldToBrowser(); // And the count starts again.
    expect(continuations).toHaveBeenCalledTimes(2 + aheadOfThePage);
  });

  it('does not count the time the page took between its slices as its own work', async () => {
    const { yieldToBrowser, continuations } = await freshYielder();
    // Each pause lasts 200 ms (keystrokes, frames), each slice takes no time: never a turn.
    continuations.mockImplementation(() => {
      vi.mocked(performance.now).mockReturnValue(performance.now() + 200);
      return Promise.resolve();
    });
    for (let i = 0; i < 10; i += 1) await yieldToBrowser();
    expect(continuations).toHaveBeenCalledTimes(10);
  });

  it('waits behind the page’s tasks right after a key, until the frame showing it has had its tasks', async () => {
    const listeners: (() => void)[] = [];
    const frames: (() => void)[] = [];
    vi.stubGlobal('window', {
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
    });
    const { yieldToBrowser, continuations } = await freshYielder();
    await yieldToBrowser(); // (The page is watched from the first pause.)
    expect(continuations).toHaveBeenCalledTimes(1);
    listeners.forEach((listener) => listener()); // A key.
    await yieldToBrowser();
    await yieldToBrowser();
    expect(continuations).toHaveBeenCalledTimes(1);
    frames.splice(0).forEach((callback) => callback()); // Its frame…
    await yieldToBrowser(); // …whose tasks run behind this pause: the next one settles the turn.
    await yieldToBrowser();
    expect(continuations).toHaveBeenCalledTimes(1);
    await yieldToBrowser();
    expect(continuations).toHaveBeenCalledTimes(2);
  });
});

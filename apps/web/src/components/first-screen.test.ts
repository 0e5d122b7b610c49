// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The gates of what loads after the first screen: the module keeps whether the first screen and
// the preview's were shown, so each test takes a fresh copy of it.
async function freshGates() {
  vi.resetModules();
  vi.useFakeTimers();
  return import('./first-screen');
}

/** Whether `promise` has settled once the timers due now, those they set for now, and the
 * microtasks have run (a millisecond a round: the fake clock runs no timer set for 0 ms at
 * once). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let round = 0; round < 3; round += 1) await vi.advanceTimersByTimeAsync(1);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('what waits for the preview', () => {
  it('waits for the first screen, then for the preview to show its own', async () => {
    const gates = await freshGates();
    const later = gates.afterPreviewFirstScreen();
    gates.previewFirstScreenShown();
    expect(await settled(later)).toBe(false);
    gates.firstScreenShown();
    expect(await settled(later)).toBe(true);

    const gates2 = await freshGates();
    const later2 = gates2.afterPreviewFirstScreen();
    gates2.firstScreenShown();
    expect(await settled(later2)).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled(later2)).toBe(false);
    gates2.previewFirstScreenShown();
    expect(await settled(later2)).toBe(true);
  });

  it('goes on 1.5 s after the first screen when the preview has not shown', async () => {
    const gates = await freshGates();
    const later = gates.afterPreviewFirstScreen();
    gates.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1400);
    expect(await settled(later)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(later)).toBe(true);
  });

  it('runs the idle tasks after the preview too, and not once cancelled', async () => {
    const gates = await freshGates();
    const task = vi.fn();
    const cancelled = vi.fn();
    gates.idleAfterFirstScreen(task);
    const cancel = gates.idleAfterFirstScreen(cancelled);
    gates.firstScreenShown();
    await vi.advanceTimersByTimeAsync(300);
    expect(task).not.toHaveBeenCalled();
    cancel();
    gates.previewFirstScreenShown();
    await vi.advanceTimersByTimeAsync(2500);
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('lets the editor-bound parts go at the first screen, without the preview', async () => {
    const gates = await freshGates();
    const first = gates.afterFirstScreen();
    gates.firstScreenShown();
    expect(await settled(first)).toBe(true);
  });
});

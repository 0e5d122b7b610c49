// Long work on the main thread, cut in slices with a pause for the page between them.

/** The work between two pauses for the page, in ms: less than a frame. */
export const SLICE_MS = 12;

/** Resolves in a task of its own, after what the page has queued (input, a frame). A message,
 * not a timer: timers of a hidden tab wait a second or more. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A checkpoint for long work: each call resolves at once while the current slice is younger
 * than `budget` ms, else after `pause` (the next task by default), starting a new slice.
 * `onPause` runs before each pause (to show progress, say).
 */
export function timeSlicer(
  budget = SLICE_MS,
  pause: () => Promise<void> = nextTask,
): (onPause?: () => void) => Promise<void> {
  let start = performance.now();
  return async (onPause) => {
    if (performance.now() - start < budget) return;
    onPause?.();
    await pause();
    start = performance.now();
  };
}

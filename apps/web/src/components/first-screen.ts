import { whenIdle } from '../services/when-idle';

// What the first screen does without waits for it: the preview's converter, the dialogs, the
// explorer and the panels load once the editor shows its file and takes input, so that their
// code is not in the way of that. If no file opens (an empty workspace), they load after
// FIRST_SCREEN_FALLBACK milliseconds all the same.
const FIRST_SCREEN_FALLBACK = 3000;

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
  if (typeof window !== 'undefined') window.setTimeout(resolve, FIRST_SCREEN_FALLBACK);
});

/** Says that the editor shows its first file and takes input (or that it failed to open). */
export function firstScreenShown(): void {
  markShown();
}

/** Resolves in the frame after the first screen is shown. */
export function afterFirstScreen(): Promise<void> {
  return shown.then(() => new Promise<void>((resolve) => window.setTimeout(resolve, 0)));
}

/** Runs `task` when the browser is idle after the first screen is shown; returns what
 * cancels it. */
export function idleAfterFirstScreen(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  shown.then(
    () => {
      if (!cancelled) cancelIdle = whenIdle(task);
    },
    () => {},
  );
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

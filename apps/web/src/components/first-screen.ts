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

/** Resolves `ms` milliseconds later (0: in a task of its own, not within the task that said a
 * screen was shown). */
function wait(ms: number): Promise<void> {
  return new Promise<void>((resolve) => window.setTimeout(resolve, ms));
}

/** Resolves in the frame after the first screen is shown. */
export function afterFirstScreen(): Promise<void> {
  return shown.then(() => wait(0));
}

// What nobody sees at once (the sync and the providers' accounts, the service worker, the
// dialogs' code, the preloads) waits, after the first screen, for the preview's first screen
// too: loaded with the preview's converter, their code held it back (a doc-250k reload showed
// the preview about half a second after the editor, behind a dozen chunks fetched and run at
// the same moment). Without a preview (the layout hides it) they go at once; if the preview
// takes long, they go PREVIEW_FALLBACK milliseconds after the first screen all the same.
const PREVIEW_FALLBACK = 1500;

let markPreviewShown: () => void = () => {};
const previewShown = new Promise<void>((resolve) => {
  markPreviewShown = resolve;
});

/** Says that the preview shows its first screen, or that no preview is shown. */
export function previewFirstScreenShown(): void {
  markPreviewShown();
}

/** Resolves after the first screen, once the preview shows its own first screen (or there is
 * no preview, or PREVIEW_FALLBACK ms have passed): for what the writer does not see at once. */
export function afterPreviewFirstScreen(): Promise<void> {
  return afterFirstScreen().then(() =>
    Promise.race([previewShown, wait(PREVIEW_FALLBACK)]).then(() => wait(0)),
  );
}

/** Runs `task` when the browser is idle after the first screen is shown, and the preview's
 * (`afterPreviewFirstScreen`); returns what cancels it. */
export function idleAfterFirstScreen(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  afterPreviewFirstScreen().then(
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

/** What must be done before the preview is printed: the preview draws its diagrams, which it
 * otherwise draws only near what the reader sees. */
type Preparation = () => Promise<void>;

const preparations = new Set<Preparation>();

/** Runs `prepare` before each print of the preview, until the function returned is called. */
export function beforePrinting(prepare: Preparation): () => void {
  preparations.add(prepare);
  return () => {
    preparations.delete(prepare);
  };
}

/** Prints the preview (the browser's print dialog) once every preparation is done; one that
 * fails is logged and the page is printed as it is. */
export async function printPreview(
  window: Pick<Window, 'print'> = globalThis.window,
): Promise<void> {
  await Promise.all(
    [...preparations].map((prepare) =>
      prepare().catch((error: unknown) =>
        console.error('The preview could not be made ready to print.', error),
      ),
    ),
  );
  window.print();
}

/** `printPreview` for a button or a key: nobody waits for it, a failure is logged. */
export function printLogged(window: Pick<Window, 'print'> = globalThis.window): void {
  printPreview(window).catch((error: unknown) =>
    console.error('The preview could not be printed.', error),
  );
}

/** Whether `event` is the browser's print shortcut (Ctrl+P, ⌘P on a Mac). */
export function isPrintShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'p'
  );
}

/** Takes the browser's print shortcut over in `window`, so that it prints through
 * `printPreview` (the browser's own would print diagrams not drawn yet as their source);
 * returns the function that gives it back. */
export function takePrintShortcut(window: Window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!isPrintShortcut(event)) return;
    event.preventDefault();
    printLogged(window);
  };
  window.addEventListener('keydown', onKey, { capture: true });
  return () => window.removeEventListener('keydown', onKey, { capture: true });
}

/**
 * The preview's images load as they come near what the reader sees (`loading="lazy"`): a long
 * manuscript with hundreds of images (badges, figures) does not fetch them all the moment it is
 * pasted or opened, on the main thread, beside its rendering. Before the preview is printed,
 * every image is loaded (`loadAllNow`), so that the printout has them all.
 */

/** Marks every image of `root` (a fragment about to be shown) to load lazily. */
export function loadLazily(root: ParentNode): void {
  for (const image of root.querySelectorAll('img')) image.setAttribute('loading', 'lazy');
}

/** How long printing waits at most for the images to arrive. */
export const PRINT_IMAGES_TIMEOUT_MS = 10_000;

/** Loads every lazy image of `root` now; resolves once each has loaded or failed, or after
 * `timeoutMs`, whichever comes first. */
export function loadAllNow(root: ParentNode, timeoutMs = PRINT_IMAGES_TIMEOUT_MS): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const image of root.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
    image.setAttribute('loading', 'eager');
    if (image.complete) continue;
    waits.push(
      new Promise((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
    );
  }
  if (waits.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  return Promise.race([Promise.all(waits).then(() => undefined), timeout]).finally(() =>
    clearTimeout(timer),
  );
}

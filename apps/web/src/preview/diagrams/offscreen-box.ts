import { OFFSCREEN_WIDTH_PX } from './constants';

/**
 * Runs `work` with an empty box attached to the page but out of sight. Drawing libraries
 * measure text, which needs layout, so a detached element will not do; `visibility: hidden`
 * keeps layout where `display: none` would not. The box is removed afterwards, whether `work`
 * succeeds or fails.
 */
export async function withOffscreenBox<T>(
  document: Document,
  work: (box: HTMLElement) => Promise<T>,
): Promise<T> {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = [
    'position: absolute',
    'left: -100000px',
    'top: 0',
    `width: ${OFFSCREEN_WIDTH_PX}px`,
    'visibility: hidden',
    'pointer-events: none',
  ].join(';');
  document.body.append(box);
  try {
    return await work(box);
  } finally {
    box.remove();
  }
}

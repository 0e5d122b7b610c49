import { DIAGRAM_NEAR_MARGIN } from './constants';

/** Tells when an element comes near the part of the page the reader sees. */
export interface Nearness {
  /** Calls `near` once `element` is near (perhaps at once); at most once per `watch`. */
  watch(element: Element, near: () => void): void;
  /** Stops watching `element` (its `near` will not be called). */
  unwatch(element: Element): void;
}

/** Every element is near at once: for pages without IntersectionObserver. */
export const alwaysNear: Nearness = {
  watch: (_element, near) => near(),
  unwatch: () => {},
};

/**
 * Nearness by IntersectionObserver: near once the element is within `margin` of `root`'s box
 * (the preview's scroller; null for the viewport). A scroller must be the root: the margin of
 * the viewport would not reach past the scroller's own clipping.
 */
export function viewportNearness(
  window: Window & typeof globalThis,
  root: Element | null,
  margin = DIAGRAM_NEAR_MARGIN,
): Nearness {
  if (typeof window.IntersectionObserver !== 'function') return alwaysNear;
  const waiting = new Map<Element, () => void>();
  const observer = new window.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const near = waiting.get(entry.target);
        waiting.delete(entry.target);
        observer.unobserve(entry.target);
        near?.();
      }
    },
    { root, rootMargin: margin },
  );
  return {
    watch(element, near) {
      waiting.set(element, near);
      observer.observe(element);
    },
    unwatch(element) {
      waiting.delete(element);
      observer.unobserve(element);
    },
  };
}

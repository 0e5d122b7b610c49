/** What can take the focus: controls that are not disabled, links, and elements given a
 * tabindex (even -1: see `tabbable` for the Tab order). */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex], [contenteditable="true"]';

/** The elements in `root` that Tab and Shift+Tab go through, in document order: focusable ones
 * that are not taken out of the Tab order (tabindex -1, as the unselected tabs of a tab list). */
export function tabbable(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0,
  );
}

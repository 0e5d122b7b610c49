/** Runs `task` in an idle moment of the browser, and within `timeout` ms in any case; in a
 * macrotask where there is no `requestIdleCallback`. */
export function whenIdle(task: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 0);
}

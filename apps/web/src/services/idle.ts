/** Runs `task` in an idle moment of the browser, and within `timeout` ms in any case; in a
 * macrotask where there is no `requestIdleCallback`. */
export function whenIdle(task: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 0);
}

/** Runs `task` in a task of its own once the tasks already queued and anything more urgent
 * (input, rendering) have run: `scheduler.postTask` at background priority where there is one
 * (Chromium, Firefox), else a macrotask. */
export function inBackground(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
  // A task that throws rejects postTask's promise: it is logged, as setTimeout's would be.
  if (scheduler?.postTask)
    scheduler
      .postTask(task, { priority: 'background' })
      .catch((error: unknown) => console.error('A background task failed.', error));
  else setTimeout(task, 0);
}

/** The part of the Prioritized Task Scheduling API used here. */
interface BackgroundScheduler {
  postTask?(task: () => void, options: { priority: 'background' }): Promise<void>;
}

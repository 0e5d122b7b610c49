/** The longest CodeMirror's background parse runs in one task, in milliseconds: under the 50 ms
 * of a long task (issue 26: no task over 50 ms after a big paste), with room for a garbage
 * collection the parse sets off in its task (traced after a doc-250k paste: a 40 ms slice and
 * a 24 ms collection made a 69 ms task). */
export const PARSE_SLICE_MS = 25;

interface InputPendingScheduling {
  isInputPending?: (this: unknown, options?: unknown) => boolean;
}

const capped = new WeakSet<object>();

/** Caps each slice of CodeMirror's background parse at `sliceMs`.
 *
 * Where the browser has `navigator.scheduling.isInputPending` (Chromium), @codemirror/language's
 * parse worker ignores the idle callback's deadline and parses for up to 100 ms a task
 * (`Work.Slice`), stopping early only when input is pending: after a big paste, tasks of 100 ms.
 * It asks `navigator.scheduling.isInputPending()` between steps of the parse, at each call, so
 * this wraps that method to also answer true once the current task has spent `sliceMs` since its
 * first question; the next task (after a microtask checkpoint) starts a new slice. The parse
 * itself is unchanged, only cut into more slices. Idempotent; does nothing without the API. */
export function capParseSlices(
  sliceMs: number = PARSE_SLICE_MS,
  scheduling: InputPendingScheduling | undefined = (
    globalThis.navigator as { scheduling?: InputPendingScheduling } | undefined
  )?.scheduling,
  now: () => number = () => performance.now(),
): void {
  const original = scheduling?.isInputPending;
  if (!scheduling || !original || capped.has(scheduling)) return;
  capped.add(scheduling);
  let sliceStart: number | undefined;
  scheduling.isInputPending = function (this: unknown, options?: unknown): boolean {
    const time = now();
    if (sliceStart === undefined) {
      sliceStart = time;
      queueMicrotask(() => {
        sliceStart = undefined;
      });
    }
    return original.call(this, options) || time - sliceStart >= sliceMs;
  };
}

/** Timers as a port: the browser passes its own, tests pass a controllable fake. `set` returns a
 * function that cancels the timer. */
export interface Timers {
  set(callback: () => void, delay: number): () => void;
  now(): number;
}

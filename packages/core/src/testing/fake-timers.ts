import { type Timers } from '../ports/timers.js';

/** Timers driven by hand: `advance(ms)` runs what falls due, in order. */
export class FakeTimers implements Timers {
  private time = 0;
  private queue: { at: number; seq: number; callback: () => void }[] = [];
  private seq = 0;

  set(callback: () => void, delay: number): () => void {
    const entry = { at: this.time + delay, seq: (this.seq += 1), callback };
    this.queue.push(entry);
    return () => {
      this.queue = this.queue.filter((queued) => queued !== entry);
    };
  }

  now(): number {
    return this.time;
  }

  /** Moves time forward, running due callbacks and letting their promises settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      // First what is already under way, which may set timers that fall due in this span.
      await settle();
      this.queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.time = next.at;
      next.callback();
      await settle();
    }
    this.time = end;
    await settle();
  }
}

/** Lets pending promise chains run to completion. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => queueMicrotask(resolve));
}

/** Why an export did not get to run: the queue was full, or its time ran out while waiting. */
export class NoTurnError extends Error {
  constructor(readonly reason: 'full' | 'timeout') {
    super(reason === 'full' ? 'Too many exports waiting.' : 'The export waited too long.');
  }
}

/** At most `concurrency` tasks at once, at most `queueMax` waiting for a turn. */
export function createTurns(concurrency: number, queueMax: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  /** Runs `task` when a turn comes, before `deadline` (ms since the epoch). */
  async function run<T>(task: () => Promise<T>, deadline: number): Promise<T> {
    if (running < concurrency) {
      running += 1;
    } else {
      if (waiting.length >= queueMax) throw new NoTurnError('full');
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(go);
          if (index >= 0) waiting.splice(index, 1);
          reject(new NoTurnError('timeout'));
        }, deadline - Date.now());
        waiting.push(go);
      });
    }
    try {
      return await task();
    } finally {
      release();
    }
  }

  return { run, stats: () => ({ running, waiting: waiting.length }) };
}

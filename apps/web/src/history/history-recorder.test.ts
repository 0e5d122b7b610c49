import { HISTORY_PAUSE_MS, LocalHistory, MemoryDatabase } from '@inkstone/core';
import { describe, expect, it, vi } from 'vitest';
import { HistoryRecorder, type RecorderTimers } from './history-recorder';

// Timers run when the test says, never by the clock.
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: RecorderTimers = {
    setTimeout: (run, ms) => {
      pending.set((next += 1), { run, ms });
      return next;
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  };
  const fire = (ms: number) => {
    for (const [handle, timer] of [...pending]) {
      if (timer.ms !== ms) continue;
      pending.delete(handle);
      timer.run();
    }
  };
  return { timers, fire, pending };
}

function setUp() {
  const repo = new MemoryDatabase('inkstone-db').connect();
  let id = 0;
  const history = new LocalHistory(repo, {
    newId: () => `rev${(id += 1)}`,
    settings: () => ({ local: true, maxBytes: 1_000_000 }),
  });
  let text = 'Start\n';
  const { timers, fire, pending } = manualTimers();
  const recorder = new HistoryRecorder(history, () => text, timers);
  const edit = (next: string) => {
    const before = text;
    text = next;
    recorder.edited(before);
  };
  const texts = async (fileId = 'f') =>
    Promise.all((await history.list(fileId)).map((each) => history.text(each.id)));
  return { recorder, edit, fire, pending, texts };
}

describe('HistoryRecorder', () => {
  it('keeps the text before the first change, then the text after a pause in editing', async () => {
    const { recorder, edit, fire, texts } = setUp();
    recorder.opened('f');
    edit('Start, then more\n');
    edit('Start, then more and more\n');
    fire(0);
    await vi.waitFor(async () => expect(await texts()).toEqual(['Start\n']));
    fire(HISTORY_PAUSE_MS);
    await vi.waitFor(async () =>
      expect(await texts()).toEqual(['Start, then more and more\n', 'Start\n']),
    );
  });

  it('a pause is counted from the last change, and leaving takes the text at once', async () => {
    const { recorder, edit, pending, texts } = setUp();
    recorder.opened('f');
    edit('One\n');
    edit('Two\n');
    // One pause timer only: each change starts it anew.
    expect([...pending.values()].filter((timer) => timer.ms === HISTORY_PAUSE_MS)).toHaveLength(1);
    await recorder.leave();
    expect(await texts()).toEqual(['Two\n', 'Start\n']);
    expect(pending.size).toBe(0);
    // Left again without a change: nothing more.
    await recorder.leave();
    expect(await texts()).toHaveLength(2);
  });

  it('takes nothing for a file opened and left unchanged', async () => {
    const { recorder, texts } = setUp();
    recorder.opened('f');
    await recorder.leave();
    expect(await texts()).toEqual([]);
  });

  it('keeps no revision of a new file’s blank text', async () => {
    const { recorder, edit, fire, texts } = setUp();
    edit('\n');
    recorder.opened('new');
    edit('Typed\n');
    fire(0);
    await recorder.leave();
    expect(await texts('new')).toEqual(['Typed\n']);
  });
});

import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TIMEOUT, Announcer } from './announcer';

// Timers run by hand: `advance` fires what is due.
function fakeTimers() {
  let now = 0;
  let pending: { at: number; run: () => void }[] = [];
  return {
    set(run: () => void, delay: number) {
      const timer = { at: now + delay, run };
      pending.push(timer);
      return () => {
        pending = pending.filter((other) => other !== timer);
      };
    },
    advance(ms: number) {
      now += ms;
      const due = pending.filter((timer) => timer.at <= now);
      pending = pending.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
  };
}

const setUp = () => {
  const timers = fakeTimers();
  const announcer = new Announcer(timers);
  const heard: string[] = [];
  announcer.subscribe(() => heard.push(announcer.announcement.text));
  return { timers, announcer, heard };
};

describe('Announcer', () => {
  it('says a message, then clears it after the timeout', () => {
    const { timers, announcer, heard } = setUp();
    announcer.say('Saved');
    expect(announcer.announcement).toMatchObject({ text: 'Saved', busy: false });
    timers.advance(ANNOUNCEMENT_TIMEOUT - 1);
    expect(announcer.announcement.text).toBe('Saved');
    timers.advance(1);
    expect(announcer.announcement.text).toBe('');
    expect(heard).toEqual(['Saved', '']);
  });

  it('gives the same words said twice a new id, so that they are announced again', () => {
    const { announcer } = setUp();
    announcer.say('Saved');
    const first = announcer.announcement.id;
    announcer.say('Saved');
    expect(announcer.announcement.id).not.toBe(first);
    expect(announcer.announcement.text).toBe('Saved');
  });

  it('keeps a newer message for its full time: the older one’s timer does not clear it', () => {
    const { timers, announcer } = setUp();
    announcer.say('Saved');
    timers.advance(ANNOUNCEMENT_TIMEOUT - 100);
    announcer.say('Synced');
    timers.advance(200);
    expect(announcer.announcement.text).toBe('Synced');
    timers.advance(ANNOUNCEMENT_TIMEOUT);
    expect(announcer.announcement.text).toBe('');
  });

  it('says busy work until it ends, however long it takes, then its end', async () => {
    const { timers, announcer, heard } = setUp();
    let finish!: (value: number) => void;
    const result = announcer.during(
      { busy: 'Importing 3 files…', done: (count: number) => `${count} files imported` },
      () => new Promise<number>((resolve) => (finish = resolve)),
    );
    expect(announcer.announcement).toMatchObject({ text: 'Importing 3 files…', busy: true });
    timers.advance(ANNOUNCEMENT_TIMEOUT * 10);
    expect(announcer.announcement.text).toBe('Importing 3 files…');
    finish(3);
    await expect(result).resolves.toBe(3);
    expect(announcer.announcement).toMatchObject({ text: '3 files imported', busy: false });
    timers.advance(ANNOUNCEMENT_TIMEOUT);
    expect(heard).toEqual(['Importing 3 files…', '3 files imported', '']);
  });

  it('passes a failure on and stops saying the work is under way (the error is told elsewhere)', async () => {
    const { announcer } = setUp();
    const failing = announcer.during({ busy: 'Exporting PDF…', done: 'PDF exported' }, () =>
      Promise.reject(new Error('Network request failed.')),
    );
    await expect(failing).rejects.toThrow('Network request failed.');
    expect(announcer.announcement).toMatchObject({ text: '', busy: false });
  });

  it('leaves a newer message alone when older work ends without a word', () => {
    const { announcer } = setUp();
    const sync = announcer.start('Syncing…');
    const pdf = announcer.start('Exporting PDF…');
    sync.end();
    expect(announcer.announcement.text).toBe('Exporting PDF…');
    pdf.end('PDF exported');
    pdf.end('said twice');
    expect(announcer.announcement.text).toBe('PDF exported');
  });
});

import { describe, expect, it } from 'vitest';
import { EmbedMessenger, embedTarget, type EmbedMessage } from './embed-messages';
import { keepNewestTempFiles, readEmbedRequest, readEmbedTempFiles } from './embed-request';

describe('readEmbedRequest', () => {
  it('reads origin, fileName, contentText and contentProperties', () => {
    const search = `?${new URLSearchParams({
      origin: 'https://blog.example.org',
      fileName: 'Post',
      contentText: '# Hi\n',
      contentProperties: 'tags: [a]\n',
    }).toString()}`;
    expect(readEmbedRequest(search)).toEqual({
      origin: 'https://blog.example.org',
      fileName: 'Post',
      contentText: '# Hi\n',
      contentProperties: 'tags: [a]\n',
    });
  });

  it('names the file after the host when no name is given, and is nothing without origin', () => {
    expect(readEmbedRequest('?origin=http%3A%2F%2F127.0.0.1%3A4100')).toMatchObject({
      origin: 'http://127.0.0.1:4100',
      fileName: '127.0.0.1',
      contentText: '',
    });
    expect(readEmbedRequest('')).toBeUndefined();
    expect(readEmbedRequest('?providerId=couchdbWorkspace')).toBeUndefined();
  });

  it('refuses an origin that is not one, where messages could go anywhere', () => {
    for (const bad of [
      '*',
      'null',
      'example.org',
      'https://a.example/path',
      'javascript:x',
      'file:///x',
    ]) {
      expect(readEmbedRequest(`?origin=${encodeURIComponent(bad)}`)).toMatchObject({
        error: expect.stringContaining('is not one') as unknown,
      });
    }
  });
});

describe('temporary files of embedded mode', () => {
  it('keeps the 10 newest and names the others to delete', () => {
    const known = Array.from({ length: 10 }, (_, i) => ({ id: `f${i}`, created: 100 + i }));
    const { keep, drop } = keepNewestTempFiles(known, { id: 'new', created: 500 });
    expect(keep).toHaveLength(10);
    expect(keep[0]!.id).toBe('new');
    expect(drop).toEqual(['f0']);
  });

  it('reads nothing from a list that is not one', () => {
    expect(readEmbedTempFiles({ getItem: () => '{"x":1}' })).toEqual([]);
    expect(readEmbedTempFiles({ getItem: () => 'not json' })).toEqual([]);
    expect(readEmbedTempFiles(undefined)).toEqual([]);
  });
});

/** Timers run by hand. */
function manualTimers() {
  let next = 1;
  const tasks = new Map<number, { task: () => void; ms: number }>();
  return {
    set: (task: () => void, ms: number) => {
      tasks.set(next, { task, ms });
      return next++ as unknown as ReturnType<typeof setTimeout>;
    },
    clear: (timer: ReturnType<typeof setTimeout>) => void tasks.delete(timer as unknown as number),
    pending: () => [...tasks.values()].map((entry) => entry.ms),
    runAll: () => {
      const due = [...tasks.values()];
      tasks.clear();
      for (const { task } of due) task();
    },
  };
}

describe('EmbedMessenger', () => {
  const change = (text: string) => () =>
    Promise.resolve({
      type: 'fileChange' as const,
      payload: {
        id: 'f',
        name: 'n',
        content: { text, properties: {}, yamlProperties: '', html: '' },
      },
    });

  it('posts only to the given origin, one change per 25 ms pause, and close once', async () => {
    const posted: [EmbedMessage, string][] = [];
    const timers = manualTimers();
    const messenger = new EmbedMessenger(
      { postMessage: (message, target) => posted.push([message, target]) },
      'https://blog.example.org',
      timers,
    );
    messenger.ready();
    messenger.changed(change('a'));
    messenger.changed(change('ab'));
    expect(timers.pending()).toEqual([25]);
    timers.runAll();
    await Promise.resolve();
    await Promise.resolve();
    messenger.close();
    messenger.close();
    messenger.changed(change('abc'));
    timers.runAll();
    await Promise.resolve();
    expect(posted.map(([message]) => message.type)).toEqual(['ready', 'fileChange', 'close']);
    expect(posted.every(([, target]) => target === 'https://blog.example.org')).toBe(true);
    expect((posted[1]![0] as { payload: { content: { text: string } } }).payload.content.text).toBe(
      'ab',
    );
  });

  it('talks to the frame’s parent, else the popup’s opener, else nobody', () => {
    const parent = { postMessage: () => {} };
    const self = { parent: undefined as unknown, opener: null as unknown };
    self.parent = self;
    expect(embedTarget(self as unknown as Window)).toBeUndefined();
    expect(embedTarget({ parent, opener: null } as unknown as Window)).toBe(parent);
    const opener = { postMessage: () => {} };
    const popup = { parent: undefined as unknown, opener };
    popup.parent = popup;
    expect(embedTarget(popup as unknown as Window)).toBe(opener);
  });
});

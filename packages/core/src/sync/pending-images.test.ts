import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ImageItem } from '../items/types.js';
import { FakeTimers } from '../testing/fake-timers.js';
import { uploadPendingImages } from './pending-images.js';

const image = (id: string, uploaded = false): ImageItem => ({
  id,
  path: `/images/${id}.png`,
  content: 'iVBORw0KGgo=',
  uploaded,
});

function setup(fail?: string) {
  const repository = new MemoryDatabase('images').connect();
  const timers = new FakeTimers();
  const calls: { id: string; at: number }[] = [];
  const uploader = {
    upload: async (item: ImageItem) => {
      calls.push({ id: item.id, at: timers.now() });
      if (item.id === fail) throw new Error('HTTP error 500.');
      return { sha: `sha-${item.id}` };
    },
  };
  return { repository, timers, calls, uploader };
}

describe('pending images (S13)', () => {
  it('uploads the pending images one at a time, 500 ms apart, and marks each uploaded', async () => {
    const { repository, timers, calls, uploader } = setup();
    for (const item of [image('a'), image('done', true), image('b'), image('c')]) {
      await repository.putImage(item);
    }
    const run = uploadPendingImages(repository, uploader, timers);
    await timers.advance(2_000);
    expect(await run).toBe(3);
    expect(calls).toEqual([
      { id: 'a', at: 0 },
      { id: 'b', at: 500 },
      { id: 'c', at: 1_000 },
    ]);
    const stored = await repository.getAllImages();
    expect(stored.every((item) => item.uploaded)).toBe(true);
    expect(stored.find((item) => item.id === 'b')?.sha).toBe('sha-b');
    expect(stored.find((item) => item.id === 'done')?.sha).toBeUndefined();
  });

  it('stops at a failure, keeping what was uploaded, and the next sync sends only the rest', async () => {
    const { repository, timers, calls, uploader } = setup('b');
    for (const item of [image('a'), image('b'), image('c')]) await repository.putImage(item);
    const run = uploadPendingImages(repository, uploader, timers);
    const failed = expect(run).rejects.toThrow('HTTP error 500.');
    await timers.advance(2_000);
    await failed;
    const pending = (await repository.getAllImages()).filter((item) => !item.uploaded);
    expect(pending.map((item) => item.id).sort()).toEqual(['b', 'c']);
    calls.length = 0;
    const ok = setup();
    const again = uploadPendingImages(repository, ok.uploader, timers);
    await timers.advance(2_000);
    expect(await again).toBe(2);
    expect(ok.calls.map((call) => call.id).sort()).toEqual(['b', 'c']);
  });

  it('tells each answer (its URL) as it comes, in order, before the next upload starts', async () => {
    const { repository, timers } = setup();
    for (const item of [image('a'), image('b')]) await repository.putImage(item);
    const told: { id: string; url?: string; at: number; uploaded?: boolean }[] = [];
    const uploader = {
      upload: async (item: ImageItem) => ({ url: `https://bed/${item.id}.png` }),
    };
    const run = uploadPendingImages(
      repository,
      uploader,
      timers,
      undefined,
      async (item, answer) => {
        const stored = await repository.getImage(item.id);
        told.push({ id: item.id, url: answer.url, at: timers.now(), uploaded: stored?.uploaded });
      },
    );
    await timers.advance(1_000);
    expect(await run).toBe(2);
    expect(told).toEqual([
      { id: 'a', url: 'https://bed/a.png', at: 0, uploaded: true },
      { id: 'b', url: 'https://bed/b.png', at: 500, uploaded: true },
    ]);
  });
});

import { hashItem } from '@inkstone/core';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { answerHashRequest, type HashRequest, type HashResponse } from './native-hash';
import { createWorkerItemHasher, type HashPort } from './worker-hash';

// A worker in this process: it answers with the worker's own code, after a macrotask, as a
// message would arrive.
class InProcessWorker implements HashPort {
  onmessage: ((event: MessageEvent<HashResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: HashRequest[] = [];
  answer = true;

  postMessage(request: HashRequest): void {
    this.received.push(structuredClone(request));
    if (!this.answer) return;
    answerHashRequest(structuredClone(request))
      .then((response) =>
        setTimeout(() => this.onmessage?.({ data: response } as MessageEvent<HashResponse>)),
      )
      .catch((error: unknown) => this.onerror?.({ message: String(error) } as ErrorEvent));
  }

  fail(): void {
    this.onerror?.({ message: 'worker crashed' } as ErrorEvent);
  }
}

describe('createWorkerItemHasher', () => {
  const item = (text: string) => ({ id: 'f/content', type: 'content', text, properties: '' });

  it('hashes in the worker, giving what core hashItem gives, each answer to its own item', async () => {
    const worker = new InProcessWorker();
    const hasher = createWorkerItemHasher(() => worker);
    const texts = ['one\n', 'two\n', 'é€😀\n'.repeat(5000)];
    const hashes = await Promise.all(texts.map((text) => hasher(item(text))));
    expect(hashes).toEqual(texts.map((text) => hashItem(item(text))));
    expect(worker.received.map((request) => (request.item as { text: string }).text)).toEqual(
      texts,
    );
  });

  it('starts one worker, on the first item', async () => {
    let started = 0;
    const hasher = createWorkerItemHasher(() => {
      started += 1;
      return new InProcessWorker();
    });
    expect(started).toBe(0);
    await hasher(item('a\n'));
    await hasher(item('b\n'));
    expect(started).toBe(1);
  });

  it('hashes on the main thread when no worker starts', async () => {
    const hasher = createWorkerItemHasher(() => {
      throw new Error('no workers here');
    });
    expect(await hasher(item('text\n'))).toBe(hashItem(item('text\n')));
  });

  it('hashes what was waiting on a worker that failed, and every later item, on the main thread', async () => {
    const worker = new InProcessWorker();
    worker.answer = false;
    let started = 0;
    const hasher = createWorkerItemHasher(() => {
      started += 1;
      return worker;
    });
    const waiting = hasher(item('waiting\n'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    worker.fail();
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    expect(await waiting).toBe(hashItem(item('waiting\n')));
    expect(await hasher(item('later\n'))).toBe(hashItem(item('later\n')));
    expect(started).toBe(1);
    expect(worker.received).toHaveLength(1);
  });

  it('hashes an item the worker could not hash on the main thread', async () => {
    const worker = new InProcessWorker();
    worker.postMessage = (request) =>
      setTimeout(() =>
        worker.onmessage?.({
          data: { id: request.id, error: 'out of memory' },
        } as MessageEvent<HashResponse>),
      );
    const hasher = createWorkerItemHasher(() => worker);
    expect(await hasher(item('text\n'))).toBe(hashItem(item('text\n')));
  });

  it('hashes on the main thread an item the worker has not answered in time', async () => {
    const worker = new InProcessWorker();
    worker.answer = false;
    const hasher = createWorkerItemHasher(() => worker, 20);
    expect(await hasher(item('text\n'))).toBe(hashItem(item('text\n')));
    expect(worker.received).toHaveLength(1);
  });
});

describe('createWorkerItemHasher keeps no saved text behind', () => {
  // The engine's garbage collector, to see what the hasher still holds once a hash is given.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;

  it('lets go of every item once its hash is given, the first (which started the worker) too', async () => {
    const worker = new InProcessWorker();
    const hasher = createWorkerItemHasher(() => worker);
    // Made and hashed in a function of their own: nothing of the test's own frame holds them.
    const save = async (text: string) => {
      const saved = { id: 'f/content', type: 'content', text, properties: '' };
      await hasher(saved);
      return new WeakRef(saved);
    };
    const watched = [await save('first version\n'), await save('second version\n')];
    worker.received.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(watched.map((ref) => ref.deref())).toEqual([undefined, undefined]);
  });
});

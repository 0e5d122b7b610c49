import { type ItemHasher } from '@inkstone/core';
import { type HashRequest, type HashResponse, nativeItemHasher } from './native-hash';

/** How long a save waits for the worker's hash before hashing on the main thread (a long text
 * takes a few milliseconds there). */
const HASH_WORKER_TIMEOUT_MS = 5000;

/** The worker an item hasher sends its items to: the part of a Worker it uses. */
export interface HashPort {
  postMessage(request: HashRequest): void;
  onmessage: ((event: MessageEvent<HashResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate?(): void;
}

/**
 * An item hasher that hashes in a worker (`startWorker`), so that saving a long text takes
 * almost nothing from the main thread: what is left there is copying the item to the worker.
 * It gives what `nativeItemHasher` gives. Without a worker (none can start, or it failed), for
 * an item the worker could not hash, or one it has not answered within `timeoutMs`, the item is
 * hashed here instead: a save never waits on a worker that is gone.
 */
export function createWorkerItemHasher(
  startWorker: () => HashPort | undefined,
  timeoutMs = HASH_WORKER_TIMEOUT_MS,
): ItemHasher {
  let port: HashPort | undefined;
  let failed = false;
  let next = 0;
  interface Pending {
    item: object;
    resolve: (hash: string) => void;
    reject: (error: unknown) => void;
    timer: ReturnType<typeof setTimeout>;
  }
  const pending = new Map<number, Pending>();

  // Takes a request out of the waiting ones (undefined if it was answered already).
  const take = (id: number): Pending | undefined => {
    const request = pending.get(id);
    pending.delete(id);
    if (request) clearTimeout(request.timer);
    return request;
  };
  // The hash or its failure goes to the save waiting for it.
  const hashHere = ({ item, resolve, reject }: Pending): void => {
    nativeItemHasher(item).then(resolve, reject);
  };
  const giveUp = () => {
    failed = true;
    port?.terminate?.();
    port = undefined;
    for (const id of [...pending.keys()]) hashHere(take(id)!);
  };
  const connect = (): HashPort | undefined => {
    if (port || failed) return port;
    try {
      port = startWorker();
    } catch {
      port = undefined;
    }
    if (!port) {
      failed = true;
      return undefined;
    }
    port.onmessage = ({ data }) => {
      const request = take(data.id);
      if (!request) return;
      if ('hash' in data) request.resolve(data.hash);
      else hashHere(request);
    };
    port.onerror = (event) => {
      console.error('The hash worker failed; hashing on the main thread.', event.message);
      giveUp();
    };
    return port;
  };

  return (item) => {
    const worker = connect();
    if (!worker) return nativeItemHasher(item);
    const id = (next += 1);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        const late = take(id);
        if (late) hashHere(late);
      }, timeoutMs);
      pending.set(id, { item, resolve, reject, timer });
      try {
        worker.postMessage({ id, item });
      } catch {
        // An item that cannot be copied to the worker is hashed here.
        hashHere(take(id)!);
      }
    });
  };
}

/** The app's item hasher: in a worker where one starts, else on the main thread. */
export const workerItemHasher: ItemHasher = createWorkerItemHasher(() =>
  typeof Worker === 'function'
    ? new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' })
    : undefined,
);

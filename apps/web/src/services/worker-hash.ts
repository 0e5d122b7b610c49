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
  const hasher = new WorkerHasher(startWorker, timeoutMs);
  return (item) => hasher.hash(item);
}

/** A request waiting for the worker's answer. */
interface Pending {
  item: object;
  resolve: (hash: string) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

// The hasher's state, in a class: the worker's handlers are made in `connect`, whose scope holds
// nothing but the hasher. Made inside the hashing of an item (as a bundler inlining a function
// used once would put them), they kept that first item, a whole saved text, alive for as long
// as the page (docs/concepts/long-manuscripts.md).
class WorkerHasher {
  private port: HashPort | undefined;
  private failed = false;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly startWorker: () => HashPort | undefined,
    private readonly timeoutMs: number,
  ) {}

  hash(item: object): Promise<string> {
    const worker = this.connect();
    if (!worker) return nativeItemHasher(item);
    const id = (this.next += 1);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        const late = this.take(id);
        if (late) this.hashHere(late);
      }, this.timeoutMs);
      this.pending.set(id, { item, resolve, reject, timer });
      try {
        worker.postMessage({ id, item });
      } catch {
        // An item that cannot be copied to the worker is hashed here.
        this.hashHere(this.take(id)!);
      }
    });
  }

  // Takes a request out of the waiting ones (undefined if it was answered already).
  private take(id: number): Pending | undefined {
    const request = this.pending.get(id);
    this.pending.delete(id);
    if (request) clearTimeout(request.timer);
    return request;
  }

  // The hash or its failure goes to the save waiting for it.
  private hashHere({ item, resolve, reject }: Pending): void {
    nativeItemHasher(item).then(resolve, reject);
  }

  private giveUp(): void {
    this.failed = true;
    this.port?.terminate?.();
    this.port = undefined;
    for (const id of [...this.pending.keys()]) this.hashHere(this.take(id)!);
  }

  private connect(): HashPort | undefined {
    if (this.port || this.failed) return this.port;
    let port: HashPort | undefined;
    try {
      port = this.startWorker();
    } catch {
      port = undefined;
    }
    if (!port) {
      this.failed = true;
      return undefined;
    }
    port.onmessage = ({ data }) => {
      const request = this.take(data.id);
      if (!request) return;
      if ('hash' in data) request.resolve(data.hash);
      else this.hashHere(request);
    };
    port.onerror = (event) => {
      console.error('The hash worker failed; hashing on the main thread.', event.message);
      this.giveUp();
    };
    this.port = port;
    return port;
  }
}

/** The app's item hasher: in a worker where one starts, else on the main thread. */
export const workerItemHasher: ItemHasher = createWorkerItemHasher(() =>
  typeof Worker === 'function'
    ? new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' })
    : undefined,
);

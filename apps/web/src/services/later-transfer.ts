import type { ImportSource, ReadOptions } from './import-sources';
import type { TransferDeps, TransferService } from './transfer';

/** What the panes ask of the imports and the workspace's zip (see `TransferService`). */
export type Transfer = Pick<TransferService, 'activity' | 'subscribe' | 'import' | 'downloadZip'>;

/**
 * The transfer service, built on first use (or when `preload` asks): its code (the zip library
 * fflate, the readers of zip, HTML and Word files, the workspace's zip) is not among the scripts
 * loaded before the editor is editable. Imports and zips asked for before it arrives run once
 * it has, in the order asked; a failed load rejects them (the caller says so) and the next use
 * tries again.
 */
export class LaterTransfer implements Transfer {
  private service: TransferService | undefined;
  private loading: Promise<TransferService> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: TransferDeps) {}

  /** What is running, or null (nothing runs before the service is built). */
  get activity(): string | null {
    return this.service?.activity ?? null;
  }

  /** Calls `listener` when {@link activity} changes; returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  import(
    collect: () => Promise<ImportSource[]>,
    target: string | null,
    options: Omit<ReadOptions, 'turndown'> = {},
  ): Promise<void> {
    return this.load().then((service) => service.import(collect, target, options));
  }

  downloadZip(): Promise<void> {
    return this.load().then((service) => service.downloadZip());
  }

  /** Loads and builds the service now (when the browser is idle after the first screen), so
   * that a first import does not wait for its code. */
  preload(): void {
    this.load().catch((error: unknown) =>
      console.error('The imports’ code could not be loaded; it is tried again when used.', error),
    );
  }

  private load(): Promise<TransferService> {
    this.loading ??= import('./transfer').then(
      ({ TransferService }) => {
        const service = new TransferService(this.deps);
        service.subscribe(() => {
          for (const listener of this.listeners) listener();
        });
        this.service = service;
        return service;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}

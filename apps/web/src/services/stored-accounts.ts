import { type ChangeSignal, HttpClient, type Timers } from '@inkstone/core';

/** What a provider's stored accounts need from the page. */
export interface StoredAccountsPorts<T> {
  /** Where the accounts are kept (the main workspace's `tokens` item, by provider). */
  tokens: { read(): Promise<T[]> };
  timers: Timers;
  fetch: typeof fetch;
  /** Tells the other tabs when accounts change, and hears theirs. */
  signal?: ChangeSignal;
}

/**
 * The accounts of one provider linked in this browser and kept in the `tokens` item (Dropbox,
 * WordPress.com, Zendesk): an HTTP client with the core's time limits and retries, the accounts
 * as last read for rendering, who shows them told at each read, and the other tabs' changes
 * followed. Each provider's subclass links, renews and removes them, then calls `changed()`.
 */
export abstract class StoredAccounts<T> {
  readonly http: HttpClient;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;
  private accounts: readonly T[] = [];

  constructor(private readonly ports: StoredAccountsPorts<T>) {
    this.http = new HttpClient({
      fetch: (url, init) => ports.fetch(url, init as RequestInit),
      timers: ports.timers,
    });
    this.unsubscribe =
      ports.signal?.subscribe(() => {
        this.load().catch((error: unknown) => console.error(error));
      }) ?? (() => {});
  }

  close(): void {
    this.unsubscribe();
  }

  /** The accounts as last read (for rendering). */
  current(): readonly T[] {
    return this.accounts;
  }

  /** Calls `listener` whenever the accounts change; gives the undoing. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the stored accounts, and tells who shows them. */
  async load(): Promise<void> {
    this.accounts = await this.ports.tokens.read();
    for (const listener of this.listeners) listener();
  }

  list(): Promise<T[]> {
    return this.ports.tokens.read();
  }

  /** The accounts changed here: read again, and the other tabs told. */
  protected async changed(): Promise<void> {
    await this.load();
    this.ports.signal?.publish(this.ports.timers.now());
  }
}

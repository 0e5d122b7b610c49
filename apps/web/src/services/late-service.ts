/**
 * A service made after the first screen (a provider's accounts, say): registered then, read by
 * whoever shows it (`current`, `onChange`), and waited for by an action asked for before it is
 * there (`ready`), so an early click waits a moment instead of failing.
 */
export class LateService<T> {
  private value: T | undefined;
  private failure: Error | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly waiting: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];

  /** Makes `value` the service (undefined: none, as when the app closes); tells the others. */
  register(value: T | undefined): void {
    this.value = value;
    if (value !== undefined) {
      this.failure = undefined;
      for (const { resolve } of this.waiting.splice(0)) resolve(value);
    }
    for (const listener of this.listeners) listener();
  }

  /** The service, or undefined before it is registered. */
  current(): T | undefined {
    return this.value;
  }

  /** The service once it is registered (at once when it is); rejected when it could not start,
   * so that nobody waits for it for ever. */
  ready(): Promise<T> {
    if (this.value !== undefined) return Promise.resolve(this.value);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Says the service could not start (its code did not load): who waits, and who asks until a
   * service is registered, gets `error`. */
  fail(error: Error): void {
    this.failure = error;
    for (const { reject } of this.waiting.splice(0)) reject(error);
  }

  /** Calls `listener` whenever another service is registered (or none); gives the undoing. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

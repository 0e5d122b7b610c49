/**
 * A service made after the first screen (a provider's accounts, say): registered then, read by
 * whoever shows it (`current`, `onChange`), and waited for by an action asked for before it is
 * there (`ready`), so an early click waits a moment instead of failing.
 */
export class LateService<T> {
  private value: T | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly waiting: ((value: T) => void)[] = [];

  /** Makes `value` the service (undefined: none, as when the app closes); tells the others. */
  register(value: T | undefined): void {
    this.value = value;
    if (value !== undefined) {
      for (const resolve of this.waiting.splice(0)) resolve(value);
    }
    for (const listener of this.listeners) listener();
  }

  /** The service, or undefined before it is registered. */
  current(): T | undefined {
    return this.value;
  }

  /** The service once it is registered (at once when it is). */
  ready(): Promise<T> {
    if (this.value !== undefined) return Promise.resolve(this.value);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Calls `listener` whenever another service is registered (or none); gives the undoing. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

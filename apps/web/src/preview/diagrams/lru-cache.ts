/** A map that keeps at most `capacity` entries, forgetting the least recently used first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The value for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` for `key`, evicting the least recently used entries beyond capacity. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

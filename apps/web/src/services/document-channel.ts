/** The current text as the editor last published it, with its version. */
export interface DocumentSnapshot {
  text: string;
  version: number;
}

type Listener = (snapshot: DocumentSnapshot) => void;

/** Carries the editor's text to whoever shows or measures it (preview, statistics), outside
 * React and the store: a 250,000-character string changes on every keystroke. */
export class DocumentChannel {
  private snapshot: DocumentSnapshot = { text: '', version: 0 };
  private readonly listeners = new Set<Listener>();

  /** The latest text. */
  get current(): DocumentSnapshot {
    return this.snapshot;
  }

  publish(text: string, version: number): void {
    this.snapshot = { text, version };
    for (const listener of this.listeners) listener(this.snapshot);
  }

  /** Calls `listener` with the latest text now, then with each new one. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.snapshot.version > 0) listener(this.snapshot);
    return () => this.listeners.delete(listener);
  }
}

import { type TextChange } from '@inkstone/markdown/essentials';

/** A change of the document the editor shows: the whole text replaced (another file opened,
 * `changes` null), or edits, each in the text left by the one before. */
export interface DocumentEvent {
  /** Grows with every change. */
  version: number;
  /** Length of the text after the change. */
  length: number;
  /** The text after the change (computed when asked: it may be long). */
  getText(): string;
  /** The edits, or null when the whole text was replaced. */
  changes: readonly TextChange[] | null;
}

type Listener = (event: DocumentEvent) => void;

/** Carries the editor's changes to whoever shows or measures the text (preview, statistics),
 * outside React and the store: a 250,000-character text changes on every keystroke, so what
 * travels is the change, and the text only when someone asks for it. */
export class DocumentChannel {
  private latest: DocumentEvent | null = null;
  private readonly listeners = new Set<Listener>();

  /** The latest state, as a whole-text event (null before a file is open). */
  get current(): DocumentEvent | null {
    return this.latest && { ...this.latest, changes: null };
  }

  publish(event: DocumentEvent): void {
    this.latest = event;
    for (const listener of this.listeners) listener(event);
  }

  /** Calls `listener` with the whole current text now (if a file is open), then each change. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    const current = this.current;
    if (current) listener(current);
    return () => this.listeners.delete(listener);
  }
}

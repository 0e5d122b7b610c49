/** Text typed but perhaps not saved when the page went away, over the saved text it edits. */
export interface Journal {
  fileId: string;
  baseText: string;
  text: string;
}

/** A synchronous copy of unsaved edits in localStorage, written when the page is hidden or
 * closed: IndexedDB writes started then may not finish, localStorage writes do. The next start
 * merges it back (ContentSession.restoreUnsaved) and removes it. Each tab has its own entry, so
 * two tabs closed at once both keep theirs. */
export class UnsavedJournal {
  private readonly prefix: string;
  private readonly key: string;

  constructor(databaseName: string) {
    this.prefix = `${databaseName}:unsaved:`;
    this.key = this.prefix + Math.random().toString(36).slice(2);
  }

  /** Keeps this tab's unsaved edits. */
  write(journal: Journal): void {
    try {
      localStorage.setItem(this.key, JSON.stringify(journal));
    } catch {
      // Storage full or blocked: the IndexedDB save still runs.
    }
  }

  /** Reads and removes every tab's journal of `fileId`. */
  take(fileId: string): Journal[] {
    const found: Journal[] = [];
    try {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith(this.prefix)) continue;
        const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
        if (!isJournal(parsed)) localStorage.removeItem(key);
        else if (parsed.fileId === fileId) {
          found.push(parsed);
          localStorage.removeItem(key);
        }
      }
    } catch {
      // Unreadable storage: nothing to bring back.
    }
    return found;
  }

  /** Removes this tab's entry once its edits are saved. */
  clear(): void {
    try {
      localStorage.removeItem(this.key);
    } catch {
      // Nothing to clear.
    }
  }
}

function isJournal(value: unknown): value is Journal {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.fileId === 'string' &&
    typeof record.baseText === 'string' &&
    typeof record.text === 'string'
  );
}

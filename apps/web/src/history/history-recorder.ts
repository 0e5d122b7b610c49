import { HISTORY_PAUSE_MS, type LocalHistory, type SnapshotReason } from '@inkstone/core';

/** Timers, replaceable in tests. */
export interface RecorderTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: RecorderTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Something that gives a text when asked: a CodeMirror `Text`, read only when a snapshot is
 * taken (never on a keystroke). */
export interface TextSource {
  toString(): string;
}

/**
 * When the open file's local revisions are taken (docs/how-to/history.md): the text as it was
 * before the first change since the file was opened; after a pause of HISTORY_PAUSE_MS (60 s)
 * in editing; and when the user leaves a changed file (another file opened, the tab hidden or
 * closed). Equal texts are skipped by the history itself.
 */
export class HistoryRecorder {
  private fileId: string | undefined;
  private changed = false;
  private startTaken = false;
  private pause: unknown;
  // The text before the first change, until it is stored (a task later).
  private start: { fileId: string; text: TextSource; handle: unknown } | undefined;

  constructor(
    private readonly history: LocalHistory,
    /** The text in the editor now. */
    private readonly currentText: () => TextSource,
    private readonly timers: RecorderTimers = browserTimers,
  ) {}

  /** A file was opened in the editor. */
  opened(fileId: string): void {
    this.takeStart();
    this.stopPause();
    this.fileId = fileId;
    this.changed = false;
    this.startTaken = false;
  }

  /** The user changed the text; `before` is the text before the change. */
  edited(before: TextSource): void {
    const fileId = this.fileId;
    if (fileId === undefined) return;
    if (!this.startTaken) {
      this.startTaken = true;
      // In a later task: the keystroke is not kept waiting for the copy of a long text.
      const handle = this.timers.setTimeout(() => this.takeStart(), 0);
      this.start = { fileId, text: before, handle };
    }
    this.changed = true;
    this.stopPause();
    this.pause = this.timers.setTimeout(() => {
      this.pause = undefined;
      this.leaveSoon('pause');
    }, HISTORY_PAUSE_MS);
  }

  /** The user leaves the file (or pauses): its text is kept if it changed since the last
   * snapshot. Resolves when it is stored. */
  leave(reason: SnapshotReason = 'leave'): Promise<void> {
    this.stopPause();
    this.takeStart();
    const fileId = this.fileId;
    if (fileId === undefined || !this.changed) return Promise.resolve();
    this.changed = false;
    return this.take(fileId, this.currentText(), reason);
  }

  /** `leave`, not waited for (its failure is reported to the history's onError). */
  leaveSoon(reason: SnapshotReason = 'leave'): void {
    this.leave(reason).catch(this.history.reportError);
  }

  /** Stops the pause timer (the editor closes). */
  stop(): void {
    this.stopPause();
    this.takeStart();
  }

  // Stores the text before the first change now, if it is still waiting.
  private takeStart(): void {
    const start = this.start;
    if (!start) return;
    this.start = undefined;
    this.timers.clearTimeout(start.handle);
    // (A new file's blank text is no version worth keeping.)
    const text = start.text.toString();
    if (text.trim() !== '') this.take(start.fileId, text, 'opened').catch(this.history.reportError);
  }

  private take(fileId: string, text: TextSource, reason: SnapshotReason): Promise<void> {
    return this.history.snapshot(fileId, text.toString(), reason).then(
      () => undefined,
      (error: unknown) => this.history.reportError(error),
    );
  }

  private stopPause(): void {
    if (this.pause !== undefined) this.timers.clearTimeout(this.pause);
    this.pause = undefined;
  }
}

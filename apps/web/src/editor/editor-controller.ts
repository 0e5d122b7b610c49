import { isolateHistory, redoDepth, undoDepth } from '@codemirror/commands';
import { Compartment, EditorSelection, EditorState, Transaction } from '@codemirror/state';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import {
  type ContentPlace,
  type ContentStateItem,
  ContentSession,
  itemIds,
  sanitizeText,
  type MergeConflict,
  type ScrollPosition,
  type Talk,
  type TextEdit,
} from '@inkstone/core';
import { setCurrentDiscussion, setTalk, talkExtension, talkOf } from '../discussions/talk-field';
import { type TextChange } from '@inkstone/markdown/essentials';
import { type DocumentEvent } from '../services/document-channel';
import { type EarlyEditor, takeEarlyEditor } from '../early/early-handle';
import { DocText } from './doc-text';
import { whenIdle } from '../services/when-idle';
import { workerItemHasher } from '../services/worker-hash';
import { LOCAL_DB_ERROR, type WorkspaceService } from '../services/workspace';
import { CURSOR_FOCUS_RATIO, CURSOR_FOCUS_RATIO_FOCUS_MODE } from '../constants';
import { type EditorStatus } from '../store/editor-slice';
import { caretFocus } from './caret-focus';
import { isEditable } from './commands/registry';
import { toggleTask } from './commands/toggle-task';
import { EditorOptions } from './editor-options';
import { editorExtensions, type FindMode } from './extensions';
import { type FindDirection } from './find/step-key';
import { FindController } from './find/find-controller';
import { inlineImages } from './inline-images';
import { loadFullMarkdown, markdownSupport } from './markdown-language';
import { PlaceSchedule } from './place-schedule';
import { SaveSchedule } from './save-schedule';
import { type Journal, UnsavedJournal } from './unsaved-journal';
import { HistoryRecorder } from '../history/history-recorder';
import { revisionDiff, revisionField, revisionView, showRevision } from './revision-view';

/** What the editor controller reports to the rest of the app. */
export interface EditorEvents {
  /** The text changed, or a file was opened (see DocumentEvent). */
  onDocument(event: DocumentEvent): void;
  onTextLimit(): void;
  /** A file was opened: its properties (YAML text). */
  onProperties(fileId: string, properties: string): void;
  onConflicts(conflicts: MergeConflict[]): void;
  onError(message: string): void;
  /** A key asked for the find bar; `selection` is the selected text when it is on one line. */
  onFind(mode: FindMode, selection: string): void;
  /** F3, Ctrl/Cmd+G and their Shift forms: the next or previous match. */
  onFindStep(direction: FindDirection): void;
  /** Escape in the editor: close the find bar; whether it was open. */
  onEscape(): boolean;
  /** Whether the text can be changed, undone or redone changed. */
  onStatus(status: EditorStatus): void;
  /** The open file's discussions or comments changed (not when ranges only moved with the
   * text, unless one became not locatable or locatable again). */
  onTalk?(talk: Talk): void;
  /** The selection changed (told 25 ms after it settles, spec interface §4): where a non-empty
   * one starts in the window, or null. */
  onSelection?(selection: { from: number; to: number; top: number; left: number } | null): void;
}

/** Drives the CodeMirror view for the current file: loads its text, selection and scroll
 * position, saves edits through a `ContentSession` (each save with the place that goes with
 * the text it stores), and takes in edits from other tabs. */
export class EditorController {
  readonly view: EditorView;
  private session: ContentSession | undefined;
  private version = 0;
  /** The text of the document, one string per version, shared by all who ask for it. */
  private readonly texts = new DocText();
  // When the text is saved while the user types (save-schedule.ts).
  private readonly saves = new SaveSchedule(() => this.saveInBackground());
  // When the place is saved while the text is not changing (place-schedule.ts).
  private readonly places = new PlaceSchedule(() => this.savePlace());
  private lastScroll: ScrollPosition | null = null;
  private readonly journal: UnsavedJournal;
  private readonly cleanups: (() => void)[] = [];
  private readonly images = new Compartment();
  private showImages = true;
  private readonly caret = new Compartment();
  private focusMode = false;
  /** The markdown support: the first one, then the full one (markdown-language.ts). */
  private readonly language = new Compartment();
  private languageUpgrade: (() => void) | undefined;
  private destroyed = false;
  /** The early editor this one took over, until its file opens (early/early-editor.ts). */
  private early: EarlyEditor | undefined;
  private earlyScroll: ScrollPosition | null = null;
  /** Find and replace in this editor. */
  readonly find: FindController;
  private status: EditorStatus | undefined;
  /** The options the settings change: command keys, list numbering, Vim mode. */
  readonly options = new EditorOptions(() => this.view);
  /** When the open file's local revisions are taken (history/history-recorder.ts). */
  readonly history: HistoryRecorder;

  constructor(
    parent: HTMLElement,
    private readonly workspace: WorkspaceService,
    private readonly events: EditorEvents,
  ) {
    this.journal = new UnsavedJournal(workspace.repo.name, () => this.unsaved());
    this.history = new HistoryRecorder(workspace.history, () => this.view.state.doc);
    // The early editor's view, with what was typed in it, goes on here (its state is replaced
    // when its file opens: open()); else a view of its own, empty until a file opens.
    const early = takeEarlyEditor();
    if (early) {
      this.early = early;
      this.view = early.view;
      // Where it is scrolled, read before its move (a moved element loses its scroll offset).
      this.earlyScroll = this.readScrollPosition();
      // (A focused element moved loses the focus, and the browser its caret: both are given
      // back at once, before another key can come.)
      const focused = early.view.hasFocus;
      parent.append(early.view.dom);
      early.detach();
      if (focused) this.view.focus();
    } else {
      this.view = new EditorView({ parent, state: this.createState('') });
    }
    this.find = new FindController(this.view);
    this.reportStatus();
    const onScroll = () => this.places.moved();
    this.view.scrollDOM.addEventListener('scroll', onScroll, { passive: true });
    this.cleanups.push(() => this.view.scrollDOM.removeEventListener('scroll', onScroll));
    this.cleanups.push(
      workspace.onContentChange((item) => {
        // Another tab's version the editor could not take in stays out of the session's base:
        // the next save merges it (ContentSession), so it is logged, not lost.
        this.session
          ?.receive(item)
          .catch((error: unknown) =>
            console.error('Another tab’s edits could not be shown.', error),
          );
      }),
    );
    // Leaving the page: save now, and write the journal in case the save cannot finish.
    const onHide = () => this.leaving();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') this.leaving();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    this.cleanups.push(() => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    });
  }

  /** Opens a file: its text, then where the user was in it. */
  async open(fileId: string): Promise<void> {
    // The file left keeps its text as a revision when it changed (read now, before it goes).
    this.history.leaveSoon();
    const left = this.session;
    await this.flush();
    const session = await ContentSession.open({
      repo: this.workspace.repo,
      fileId,
      host: {
        getText: () => this.texts.of(this.view.state.doc),
        getTalk: () => talkOf(this.view.state),
        setTalk: (talk) => this.view.dispatch({ effects: setTalk.of(talk) }),
        // Read with the text, stored with it (T5).
        getPlace: () => this.readPlace(),
        applyEdits: (edits) => this.applyExternalEdits(edits),
      },
      onConflicts: (conflicts) => this.events.onConflicts(conflicts),
      hashItem: workerItemHasher,
    });
    const state = await this.workspace.repo.get<ContentStateItem>(itemIds.contentState(fileId));
    // Words typed into the file left while this one was read are saved to it before its text
    // goes (a save the database refuses is reported, as any), again for words typed during that
    // save; a save that leaves the text unsaved (its file deleted elsewhere) is not repeated.
    for (let tried = -1; left && this.session === left && tried !== this.version;) {
      tried = this.version;
      if (!left.isDirty() || !(await this.save())) break;
    }
    this.session = session;
    const early = this.early;
    this.early = undefined;
    // What the early editor holds, read in the same task as its state is replaced: no keystroke
    // falls between.
    const typed = early?.fileId === fileId ? this.earlyPlace() : undefined;
    if (early && !typed) early.finish(true);
    this.view.setState(this.createState(session.text, state));
    const { discussions, comments } = session.content;
    this.view.dispatch({ effects: setTalk.of({ discussions, comments }) });
    this.history.opened(fileId);
    this.texts.adopt(this.view.state.doc, session.text);
    this.find.stateReplaced();
    this.reportStatus();
    // For measurements: when the text of a file is in the editor.
    performance.mark('inkstone:file-opened');
    // From here the editor takes typing into the file: the cold load's end (bench/src/load.ts).
    if (!performance.getEntriesByName('inkstone:editable').length)
      performance.mark('inkstone:editable');
    this.upgradeLanguage();
    this.events.onProperties(fileId, session.content.properties);
    this.publish(null);
    this.lastScroll = state?.scrollPosition ?? null;
    if (early && typed) await this.takeOver(early, typed, session);
    else this.restoreScroll(this.lastScroll);
    const journals = await this.journal.take(fileId);
    for (const unsaved of journals) {
      await session.restoreUnsaved(unsaved.baseText, unsaved.text);
    }
    // The caret where it was in the newest journal's text, when that is the text now: the place
    // stored by the last save went with an older text (the words typed after it came back from
    // the journal, and the caret, mapped through them, stayed before them).
    const newest = journals.at(-1);
    const text = this.texts.of(this.view.state.doc);
    if (newest?.selection && newest.text === text && this.session === session) {
      const { from, to } = newest.selection;
      this.view.dispatch({ selection: EditorSelection.single(from, to) });
    }
  }

  // The early editor's text, caret and scroll position (as read before its move, unless the
  // user has scrolled it since).
  private earlyPlace(): EarlyPlace {
    const { anchor, head } = this.view.state.selection.main;
    const text = this.view.state.doc.toString();
    const scroll = this.view.scrollDOM.scrollTop > 0 ? this.readScrollPosition() : this.earlyScroll;
    return { text, anchor, head, scroll };
  }

  // Takes over what the early editor held: the words typed in it (as the user's edit, saved by
  // the save schedule; merged like a journal if another tab saved the file meanwhile), the caret
  // and where it was scrolled.
  private async takeOver(
    early: EarlyEditor,
    typed: EarlyPlace,
    session: ContentSession,
  ): Promise<void> {
    const selection = EditorSelection.single(typed.anchor, typed.head);
    const length = this.view.state.doc.length;
    if (typed.text === early.baseText || typed.text === session.text) {
      // Nothing typed: the caret where it was.
      if (typed.head <= length && typed.anchor <= length) this.view.dispatch({ selection });
    } else if (session.text === sanitizeText(early.baseText)) {
      // (The text as stored: a first visit's Welcome text gets its final line break.)
      this.view.dispatch({
        changes: textChange(session.text, typed.text),
        selection,
        userEvent: 'input',
      });
    } else {
      await session.restoreUnsaved(early.baseText, typed.text);
    }
    this.lastScroll = typed.scroll;
    this.restoreScroll(typed.scroll);
    early.finish(false);
    // The app's shortcuts pressed before it had loaded do what they do now, pressed again in the
    // editor: those of its keymap (Ctrl+K, say) and those the app takes at the window (Ctrl+S,
    // use-save-shortcut.ts). (Ctrl+P is taken by the preview, which may come after this.)
    for (const key of early.pendingKeys()) this.view.contentDOM.dispatchEvent(pressedAgain(key));
  }

  /** Saves pending edits now. */
  async flush(): Promise<void> {
    await this.save();
  }

  /** Saves pending edits now (Ctrl/Cmd+S), and with them, in the same transaction, where the
   * user is: the caret that goes with the text saved, and the scroll position. Whether the text
   * is stored; a failure is reported (onError) and the text stays in the editor. */
  async save(): Promise<boolean> {
    this.saves.cancel();
    this.places.saving();
    const session = this.session;
    if (!session) return false;
    const version = this.version;
    try {
      await session.save();
      // The journal is for edits no save has stored: those typed while this one ran start its
      // delay anew (so that saves that keep up with typing never have it written).
      this.journal.clear();
      if (this.version !== version) this.journal.changed();
    } catch (error) {
      console.error(error);
      this.events.onError(LOCAL_DB_ERROR);
      return false;
    }
    return true;
  }

  /** Shows or hides the images of the document below their lines (`editor.inlineImages`). */
  setInlineImages(show: boolean): void {
    if (show === this.showImages) return;
    this.showImages = show;
    this.view.dispatch({ effects: this.images.reconfigure(show ? inlineImages() : []) });
  }

  /** Focus mode (layout setting `focusMode`): the caret line stays in the middle of the editor
   * and the other paragraphs are dimmed; otherwise it stays clear of the bottom edge. */
  setFocusMode(on: boolean): void {
    if (on === this.focusMode) return;
    this.focusMode = on;
    this.view.dispatch({ effects: this.caret.reconfigure(this.caretExtension()) });
  }

  /** Toggles the task marker of the list item on `line` (0-based), as a click on its box in the
   * preview asks. Returns whether there was one. */
  toggleTaskAt(line: number): boolean {
    const doc = this.view.state.doc;
    if (!this.session || line < 0 || line >= doc.lines) return false;
    const { text, from } = doc.line(line + 1);
    const edit = toggleTask(text, from);
    if (!edit) return false;
    this.view.dispatch({ changes: edit, userEvent: 'input.toggle' });
    return true;
  }

  /** Shows what restoring a revision of text `text` would change, over the current text, and
   * makes the editor read-only until `closeRevision` (docs/how-to/history.md). Returns the
   * number of insertions and deletions shown. */
  showRevision(text: string): { insertions: number; deletions: number } {
    const diff = revisionDiff(this.texts.of(this.view.state.doc), text);
    this.view.dispatch({ effects: showRevision.of(diff.decorations) });
    this.reportStatus();
    return { insertions: diff.insertions, deletions: diff.deletions };
  }

  /** Clears the revision shown: the editor takes input again. */
  closeRevision(): void {
    if (this.view.state.field(revisionField, false) == null) return;
    this.view.dispatch({ effects: showRevision.of(null) });
    this.reportStatus();
  }

  /** The text now in the editor. */
  currentText(): string {
    return this.texts.of(this.view.state.doc);
  }

  /** Puts `text` in the editor in place of the current one, as one edit that Ctrl+Z undoes
   * whole (the restore of a revision). The revision shown, if any, is cleared first. */
  replaceText(text: string): void {
    this.closeRevision();
    if (!this.session) return;
    const current = this.texts.of(this.view.state.doc);
    if (current === text) return;
    const talk = talkOf(this.view.state);
    this.view.dispatch({
      changes: textChange(current, text),
      userEvent: 'input.restore',
      annotations: isolateHistory.of('full'),
    });
    // The discussions on the same words of the restored text (the one change above would leave
    // those in its middle not locatable); Ctrl+Z puts the ranges back with the text.
    if (Object.keys(talk.discussions).length === 0) return;
    const restored = this.view.state.doc;
    import('../discussions/remap')
      .then(({ remapDiscussions }) => {
        if (this.destroyed || this.view.state.doc !== restored) return;
        const moved = remapDiscussions(talk.discussions, current, text);
        const now = talkOf(this.view.state);
        const discussions = { ...now.discussions };
        for (const id of Object.keys(discussions)) if (moved[id]) discussions[id] = moved[id];
        this.view.dispatch({ effects: setTalk.of({ ...now, discussions }) });
      })
      .catch((error: unknown) => console.error(error));
  }

  /** The open file's discussions and comments, their ranges in the text now. */
  talk(): Talk {
    return talkOf(this.view.state);
  }

  /** Changes the open file's discussions or comments (one started, a comment added or removed)
   * and saves them with the text now. */
  changeTalk(talk: Talk): void {
    if (!this.session) return;
    this.view.dispatch({ effects: setTalk.of(talk) });
    this.saveInBackground();
  }

  /** Makes a discussion the current one (highlighted apart), its text selected and scrolled
   * into view when it can be located; null for none. */
  showDiscussion(id: string | null): void {
    const discussion = id ? talkOf(this.view.state).discussions[id] : undefined;
    const length = this.view.state.doc.length;
    const located = discussion && discussion.start < discussion.end && discussion.end <= length;
    this.view.dispatch({
      effects: [
        setCurrentDiscussion.of(id),
        ...(located ? [EditorView.scrollIntoView(discussion.start, { y: 'center' })] : []),
      ],
    });
  }

  /** The file whose text the editor holds, once one is open. */
  get openFileId(): string | undefined {
    return this.session?.fileId;
  }

  /** The text now in the editor. */
  get text(): string {
    return this.texts.of(this.view.state.doc);
  }

  /** The version number of the text now in the editor. */
  get textVersion(): number {
    return this.version;
  }

  destroy(): void {
    this.destroyed = true;
    this.languageUpgrade?.();
    this.saveInBackground();
    this.places.cancel();
    this.history.stop();
    for (const cleanup of this.cleanups) cleanup();
    // (An early editor's text no file took yet stays in the journal.)
    this.early?.finish(true);
    this.early = undefined;
    this.find.destroy();
    clearTimeout(this.selectionTimer);
    this.view.destroy();
  }

  private createState(text: string, saved?: ContentStateItem): EditorState {
    const length = text.length;
    const noFile = !this.session;
    const clamp = (pos: number) => Math.max(0, Math.min(length, pos));
    return EditorState.create({
      doc: text,
      selection: saved
        ? EditorSelection.single(clamp(saved.selectionStart), clamp(saved.selectionEnd))
        : undefined,
      extensions: editorExtensions(
        {
          onTextLimit: () => this.events.onTextLimit(),
          onFind: (mode) => this.events.onFind(mode, this.selectedLine()),
          onFindStep: (direction) => this.events.onFindStep(direction),
          onEscape: () => this.events.onEscape(),
        },
        [
          this.images.of(this.showImages ? inlineImages() : []),
          this.caret.of(this.caretExtension()),
          ...this.options.extensions(),
          // Until a file is open there is nothing to edit; nor while a revision is shown.
          revisionView(),
          talkExtension(),
          EditorState.readOnly.compute(
            [revisionField],
            (state) => noFile || state.field(revisionField) !== null,
          ),
          EditorView.updateListener.of((update) => this.onUpdate(update)),
        ],
        this.language.of(markdownSupport()),
      ),
    });
  }

  // Once the editor takes input and the browser is idle, the full markdown support (HTML inside
  // markdown, the code blocks' languages) replaces the first one (markdown-language.ts). The
  // text, selection and undo history stay; only the highlighting gains those parts.
  private upgradeLanguage(): void {
    if (this.languageUpgrade) return;
    this.languageUpgrade = whenIdle(() => {
      loadFullMarkdown().then(
        (support) => {
          if (this.destroyed || this.language.get(this.view.state) === support) return;
          this.view.dispatch({ effects: this.language.reconfigure(support) });
        },
        (error: unknown) => {
          // The editor works on with the first highlighting; the next file opened tries again.
          console.error('The full markdown highlighting could not be loaded.', error);
          this.languageUpgrade = undefined;
        },
      );
    });
  }

  private caretExtension() {
    const ratio = this.focusMode ? CURSOR_FOCUS_RATIO_FOCUS_MODE : CURSOR_FOCUS_RATIO;
    return caretFocus(ratio, this.focusMode);
  }

  // The selected text when it is on one line, else ''.
  private selectedLine(): string {
    const { from, to } = this.view.state.selection.main;
    const text = this.view.state.sliceDoc(from, to);
    return text.includes('\n') ? '' : text;
  }

  private onUpdate(update: ViewUpdate): void {
    if (update.docChanged) {
      // Each change in the text left by the one before: from the end, so that earlier positions
      // still hold when the later ones are applied.
      const changes: TextChange[] = [];
      update.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
        changes.unshift({ from: fromA, to: toA, insert: inserted.toString() });
      });
      this.publish(changes);
      const fromElsewhere = update.transactions.every((tr) => tr.annotation(Transaction.remote));
      if (!fromElsewhere) {
        this.history.edited(update.startState.doc);
        this.places.edited();
        this.saves.changed();
        this.journal.changed();
      }
    }
    if (update.selectionSet || update.docChanged) this.places.moved();
    if (update.selectionSet || update.docChanged) this.selectionMoved();
    this.talkUpdated(update);
    this.find.viewUpdated(update);
    this.reportStatus();
  }

  // The selection, 25 ms after it last moved (spec interface §4): a timer restarted, no more.
  private selectionTimer: ReturnType<typeof setTimeout> | undefined;
  private selectionMoved(): void {
    if (!this.events.onSelection) return;
    clearTimeout(this.selectionTimer);
    this.selectionTimer = setTimeout(() => {
      // (A view out of the page has no coordinates.)
      if (this.destroyed || !this.view.dom.isConnected) return;
      const { from, to } = this.view.state.selection.main;
      const box = from < to ? this.view.coordsAtPos(from) : null;
      if (!box) return this.events.onSelection?.(null);
      // In the window's coordinates: beside the text, level with the selection's first line.
      const text = this.view.contentDOM.getBoundingClientRect();
      const scroller = this.view.scrollDOM.getBoundingClientRect();
      const left = Math.min(text.right + 8, scroller.right - 160);
      this.events.onSelection?.({ from, to, top: box.top, left });
    }, SELECTION_CHECK_DELAY);
  }

  // Tells of discussions changed: by an effect (set, removed, put back by undo), or a range that
  // collapsed with its text (not locatable now). Ranges that only moved are not told.
  private talkUpdated(update: ViewUpdate): void {
    const before = talkOf(update.startState);
    const after = talkOf(update.state);
    if (before === after || !this.events.onTalk) return;
    const effects = update.transactions.some((tr) => tr.effects.length > 0);
    if (effects || locatedCount(before) !== locatedCount(after)) this.events.onTalk(after);
  }

  private reportStatus(): void {
    const state = this.view.state;
    const status = {
      editable: isEditable(state),
      canUndo: undoDepth(state) > 0,
      canRedo: redoDepth(state) > 0,
    };
    const last = this.status;
    if (last?.editable === status.editable && last.canUndo === status.canUndo) {
      if (last.canRedo === status.canRedo) return;
    }
    this.status = status;
    this.events.onStatus(status);
  }

  private publish(changes: TextChange[] | null): void {
    this.version += 1;
    const doc = this.view.state.doc;
    this.events.onDocument({
      version: this.version,
      length: doc.length,
      getText: () => this.texts.of(doc),
      changes,
    });
  }

  // Saves where the user is, the text unchanged (the session stores the text too if it did
  // change: the two always go together). A failure is only logged: the next save tries again.
  private savePlace(): void {
    this.session?.save().catch((error: unknown) => console.error(error));
  }

  // The selection and the scroll position. Where the editor is scrolled is read here, not in a
  // measuring pass of CodeMirror's (`requestMeasure`), which asks for a frame of its own: one
  // more frame at every pause of 100 ms, that is at every keystroke of a typist (docs/adr/0003).
  // 100 ms after the last change, or when a save reads the text (in a task after a frame), the
  // page is laid out already, so reading costs no layout.
  private readPlace(): ContentPlace {
    const { from, to } = this.view.state.selection.main;
    return { selectionStart: from, selectionEnd: to, scrollPosition: this.readScrollPosition() };
  }

  private applyExternalEdits(edits: TextEdit[]): void {
    this.view.dispatch({
      changes: edits.map(({ from, to, insert }) => ({ from, to, insert })),
      annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
    });
  }

  // Where the editor is scrolled; while it is hidden (reader mode), where it was last seen.
  private readScrollPosition(): ScrollPosition | null {
    const scroller = this.view.scrollDOM;
    if (scroller.clientHeight === 0) return this.lastScroll;
    if (scroller.scrollTop <= 0) return (this.lastScroll = null);
    // Heights given to lineBlockAtHeight are measured from the top of the document.
    const height = scroller.getBoundingClientRect().top - this.view.documentTop;
    const block = this.view.lineBlockAtHeight(height);
    return (this.lastScroll = { pos: block.from, offset: Math.round(height - block.top) });
  }

  private restoreScroll(position: ScrollPosition | null): void {
    if (!position) return;
    const pos = Math.min(position.pos, this.view.state.doc.length);
    this.view.dispatch({ effects: EditorView.scrollIntoView(pos, { y: 'start', yMargin: 0 }) });
    // Then the pixels of that line that were scrolled out of view, once it is measured.
    this.view.requestMeasure({
      read: () => null,
      write: () => {
        this.view.scrollDOM.scrollTop += position.offset;
      },
    });
  }

  // What the journal keeps: the edits not saved yet, over the saved text; null when all is saved.
  private unsaved(): Journal | null {
    const session = this.session;
    if (!session || !session.isDirty()) return null;
    const { from, to } = this.view.state.selection.main;
    return {
      fileId: session.fileId,
      baseText: session.text,
      text: this.texts.of(this.view.state.doc),
      selection: { from, to },
    };
  }

  // The page is being hidden or closed: the journal first (its localStorage copy is written
  // before the page can go), then the save.
  private leaving(): void {
    this.history.leaveSoon();
    if (!this.session?.isDirty()) return;
    this.journal.writeNow();
    this.saveInBackground();
  }

  // Saves without waiting (the schedule's timer, the page going away, the editor closing).
  // flush() shows its own failure (Local DB access error.); this is for one escaping it.
  private saveInBackground(): void {
    this.flush().catch((error: unknown) => {
      console.error(error);
      this.events.onError(LOCAL_DB_ERROR);
    });
  }
}

/** The delay of the selection check (spec interface §4 "Comments and discussions"). */
const SELECTION_CHECK_DELAY = 25;

// How many discussions cover some text.
function locatedCount(talk: Talk): number {
  let count = 0;
  for (const d of Object.values(talk.discussions)) if (d.start < d.end) count += 1;
  return count;
}

/** What the early editor held when the app's editor took it over. */
interface EarlyPlace {
  text: string;
  anchor: number;
  head: number;
  scroll: ScrollPosition | null;
}

/** The one change that turns `from` into `to`: what lies between their common start and their
 * common end. */
export function textChange(from: string, to: string): { from: number; to: number; insert: string } {
  const shorter = Math.min(from.length, to.length);
  let start = 0;
  while (start < shorter && from.charCodeAt(start) === to.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < shorter - start &&
    from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)
  )
    end += 1;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

/** A key event as `key` was pressed, to be dispatched again. */
function pressedAgain(key: KeyboardEvent): KeyboardEvent {
  const { key: name, code, ctrlKey, metaKey, altKey, shiftKey } = key;
  const init = { key: name, code, ctrlKey, metaKey, altKey, shiftKey };
  return new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
}

import { isolateHistory } from '@codemirror/commands';
import { type EditorView, type ViewUpdate } from '@codemirror/view';
import { FIND_HIGHLIGHT_DEBOUNCE, FIND_HIGHLIGHT_LIMIT } from '../../constants';
import { setFindHighlights } from './find-highlight';
import {
  findMatches,
  type FindMatch,
  matchIndexAt,
  nextMatchIndex,
  previousMatchIndex,
} from './matches';
import { type CompiledQuery, compileQuery, type FindQuery } from './query';
import { replacementFor } from './replacement';

/** What the find bar shows: how many matches, which one is selected (-1: none), and why a
 * regular expression finds nothing. */
export interface FindStatus {
  count: number;
  index: number;
  error: string | null;
}

const CLOSED: FindStatus = { count: 0, index: -1, error: null };

/** Find and replace in an editor view (spec interface §4): highlights the matches of the query
 * FIND_HIGHLIGHT_DEBOUNCE after the text or the query changes, selects the next or previous
 * one, replaces one or all. Moving and replacing always use the text as it is now. */
export class FindController {
  private query: CompiledQuery = { kind: 'empty' };
  private matches: FindMatch[] = [];
  // Whether `matches` may be out of date (the text or the query changed).
  private stale = false;
  private timer: number | undefined;
  private current: FindStatus = CLOSED;
  private destroyed = false;
  private readonly listeners = new Set<(status: FindStatus) => void>();

  constructor(private readonly view: EditorView) {}

  /** The status the find bar shows. */
  get status(): FindStatus {
    return this.current;
  }

  /** Calls `listener` whenever the status changes; returns how to stop. */
  subscribe(listener: (status: FindStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Looks for `query` from now on; `null` (the bar closed) removes the highlights at once. */
  setQuery(query: FindQuery | null): void {
    if (this.destroyed) return;
    this.query = query ? compileQuery(query) : { kind: 'empty' };
    if (query) {
      this.schedule(true);
      return;
    }
    window.clearTimeout(this.timer);
    this.matches = [];
    this.stale = false;
    this.view.dispatch({ effects: setFindHighlights.of({ matches: [], current: null }) });
    this.emit(CLOSED);
  }

  /** Called on each editor update: a change of the text recomputes the matches, a move of the
   * selection which one is selected. */
  viewUpdated(update: ViewUpdate): void {
    if (this.query.kind === 'empty' && !this.stale) return;
    if (update.docChanged) this.schedule(true);
    else if (update.selectionSet) this.schedule(false);
  }

  /** Called when the editor got a new state (another file): its highlights start again. */
  stateReplaced(): void {
    if (this.query.kind !== 'empty') this.schedule(true);
  }

  /** Selects the next match after the selection (wrapping) and scrolls to it. */
  next(): void {
    this.select(nextMatchIndex(this.freshMatches(), this.view.state.selection.main));
  }

  /** Selects the previous match before the selection (wrapping) and scrolls to it. */
  previous(): void {
    this.select(previousMatchIndex(this.freshMatches(), this.view.state.selection.main));
  }

  /** F3 and Ctrl/Cmd+G: the next or previous match, as `next` and `previous`; false (nothing
   * done) when there is nothing to look for, the find bar being closed or its field empty. */
  step(direction: 'next' | 'previous'): boolean {
    if (this.destroyed || this.query.kind === 'empty') return false;
    if (direction === 'next') this.next();
    else this.previous();
    return true;
  }

  /** Replaces the selected match and selects the next one; when the selection is not a match,
   * only selects the next one. */
  replace(template: string): void {
    const matches = this.freshMatches();
    const index = matchIndexAt(matches, this.view.state.selection.main);
    const match = matches[index];
    if (!match || this.query.kind !== 'ok') {
      this.next();
      return;
    }
    const insert = replacementFor(match, template, this.query.regexp);
    this.view.dispatch({
      changes: { from: match.from, to: match.to, insert },
      selection: { anchor: match.from + insert.length },
      userEvent: 'input.replace',
    });
    this.stale = true;
    this.next();
  }

  /** Replaces every match in one transaction, so that one undo brings the text back. */
  replaceAll(template: string): void {
    const matches = this.freshMatches();
    if (matches.length === 0 || this.query.kind !== 'ok') return;
    const regexp = this.query.regexp;
    this.view.dispatch({
      changes: matches.map((match) => ({
        from: match.from,
        to: match.to,
        insert: replacementFor(match, template, regexp),
      })),
      userEvent: 'input.replace.all',
      // Its own undo step, never joined with typing just before or after.
      annotations: isolateHistory.of('full'),
    });
  }

  /** Stops the pending recomputation. */
  destroy(): void {
    this.destroyed = true;
    window.clearTimeout(this.timer);
    this.listeners.clear();
  }

  private schedule(textOrQueryChanged: boolean): void {
    this.stale ||= textOrQueryChanged;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.refresh(), FIND_HIGHLIGHT_DEBOUNCE);
  }

  private freshMatches(): FindMatch[] {
    if (this.stale) {
      this.matches = findMatches(this.view.state.doc.toString(), this.query);
      this.stale = false;
    }
    return this.matches;
  }

  private refresh(): void {
    const matches = this.freshMatches();
    const index = matchIndexAt(matches, this.view.state.selection.main);
    this.view.dispatch({
      effects: setFindHighlights.of({
        matches: matches.slice(0, FIND_HIGHLIGHT_LIMIT),
        current: matches[index] ?? null,
      }),
    });
    this.emitFor(index);
  }

  private select(index: number): void {
    const match = this.matches[index];
    if (!match) {
      this.emitFor(-1);
      return;
    }
    window.clearTimeout(this.timer);
    this.view.dispatch({
      selection: { anchor: match.from, head: match.to },
      scrollIntoView: true,
      userEvent: 'select.search',
      effects: setFindHighlights.of({
        matches: this.matches.slice(0, FIND_HIGHLIGHT_LIMIT),
        current: match,
      }),
    });
    // (The selection moved: viewUpdated scheduled a refresh that this one makes needless.)
    window.clearTimeout(this.timer);
    this.emitFor(index);
  }

  private emitFor(index: number): void {
    const error = this.query.kind === 'invalid' ? this.query.message : null;
    this.emit({ count: this.matches.length, index, error });
  }

  private emit(status: FindStatus): void {
    const { count, index, error } = this.current;
    if (status.count === count && status.index === index && status.error === error) return;
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}

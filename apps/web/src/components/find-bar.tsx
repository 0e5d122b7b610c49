'use client';

import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type FindMode } from '../editor/extensions';
import { type FindController, type FindStatus } from '../editor/find/find-controller';
import { type FindDirection, findStepKey } from '../editor/find/step-key';
import { useAppDispatch, useAppSelector } from '../store';
import { layoutToggled } from '../store/layout-slice';
import './find-bar.css';

/** A request to show the find bar: which field gets the focus, and the text to look for (the
 * selection, or '' to keep the last one). Each request has its own `id`. With `step` (F3 or
 * Ctrl/Cmd+G in the editor while the bar was closed), the bar opens on the text looked for last
 * and goes to its next or previous match, the editor keeping the focus; with no text yet, the
 * find field gets it. */
export interface FindRequest {
  id: number;
  mode: FindMode;
  text: string;
  step?: FindDirection;
}

/** The find and replace bar above the editor (spec interface §4): a search region "Find and
 * replace". Shown while `request` is set; `onClose` hides it (Escape, the Close button). */
export function FindBar({
  find,
  request,
  onClose,
}: {
  find: FindController;
  request: FindRequest | null;
  onClose(): void;
}) {
  const dispatch = useAppDispatch();
  const caseSensitive = useAppSelector((state) => state.layout.findCaseSensitive);
  const regexp = useAppSelector((state) => state.layout.findUseRegexp);
  const [findText, setFindText] = useState('');
  const [replaceText, setReplaceText] = useState('');
  const findInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const subscribe = useCallback((listener: () => void) => find.subscribe(listener), [find]);
  const status = useSyncExternalStore(subscribe, () => find.status);
  const open = request !== null;
  // The text looked for, for the request effects (which run on a new request only).
  const lastText = useRef(findText);
  lastText.current = findText;

  // A new request: take its text, and focus its field (unless it steps to a match of a text
  // already there: the editor keeps the focus).
  useEffect(() => {
    if (!request) return;
    if (request.text) setFindText(request.text);
    if (request.step && lastText.current !== '') return;
    const input = request.mode === 'replace' ? replaceInput.current : findInput.current;
    input?.focus();
    input?.select();
  }, [request]);

  useEffect(() => {
    find.setQuery(open ? { text: findText, caseSensitive, regexp } : null);
  }, [find, open, findText, caseSensitive, regexp]);

  // (After the query is set, just above.)
  useEffect(() => {
    if (request?.step) find.step(request.step);
  }, [find, request]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const direction = findStepKey(event);
    if (direction) {
      event.preventDefault();
      if (!find.step(direction)) findInput.current?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (mod && key === 'f' && !event.altKey) {
      event.preventDefault();
      findInput.current?.select();
      findInput.current?.focus();
    } else if (mod && (key === 'h' || (key === 'f' && event.altKey))) {
      event.preventDefault();
      replaceInput.current?.focus();
    }
  };

  const searchable = findText !== '' && !status.error;
  return (
    <div className="find-bar" role="search" aria-label="Find and replace" onKeyDown={onKeyDown}>
      <div className="find-bar__row">
        <input
          ref={findInput}
          className="find-bar__input"
          aria-label="Find"
          placeholder="Find"
          value={findText}
          spellCheck={false}
          aria-invalid={status.error ? true : undefined}
          aria-describedby={status.error ? errorId : undefined}
          onChange={(event) => setFindText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (event.shiftKey) find.previous();
            else find.next();
          }}
        />
        <FlagButton
          label="Case sensitive"
          text="Aa"
          pressed={caseSensitive}
          onClick={() => dispatch(layoutToggled('findCaseSensitive'))}
        />
        <FlagButton
          label="Regular expression"
          text=".*"
          pressed={regexp}
          onClick={() => dispatch(layoutToggled('findUseRegexp'))}
        />
        <span className="find-bar__count" role="status">
          {countText(findText, status)}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label="Previous"
          title="Previous (Shift+Enter, Shift+F3)"
          disabled={!searchable}
          onClick={() => find.previous()}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Next"
          title="Next (Enter, F3)"
          disabled={!searchable}
          onClick={() => find.next()}
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          title="Close (Escape)"
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <div className="find-bar__row">
        <input
          ref={replaceInput}
          className="find-bar__input"
          aria-label="Replace"
          placeholder="Replace"
          value={replaceText}
          spellCheck={false}
          onChange={(event) => setReplaceText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            find.replace(replaceText);
          }}
        />
        <button
          type="button"
          className="button find-bar__button"
          disabled={!searchable}
          onClick={() => find.replace(replaceText)}
        >
          Replace
        </button>
        <button
          type="button"
          className="button find-bar__button"
          disabled={!searchable}
          onClick={() => find.replaceAll(replaceText)}
        >
          Replace all
        </button>
      </div>
      {status.error && (
        <p className="find-bar__error" id={errorId}>
          {status.error}
        </p>
      )}
    </div>
  );
}

function FlagButton(props: { label: string; text: string; pressed: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className="icon-button find-bar__flag"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{props.text}</span>
    </button>
  );
}

// "3 of 12" on a match, "12 matches" elsewhere, 'No results' when there are none.
function countText(findText: string, status: FindStatus): string {
  if (findText === '' || status.error) return '';
  if (status.count === 0) return 'No results';
  if (status.index >= 0) return `${status.index + 1} of ${status.count}`;
  return status.count === 1 ? '1 match' : `${status.count} matches`;
}

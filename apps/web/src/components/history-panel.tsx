'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  localRevisionSource,
  type RevisionSource,
  type RevisionSummary,
} from '../history/revision-source';
import { absoluteTime, relativeTime } from '../history/relative-time';
import { useAppDispatch, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import { useAppServices } from './app-context';
import './history-panel.css';

/** History page size: 30, and 'More' adds 30 (spec interface §9). */
export const HISTORY_PAGE_SIZE = 30;
/** Revisions further apart than this (6 hours) get a spacer between them (spec interface §4). */
export const HISTORY_SPACER_MS = 21_600_000;

/** The panel's texts (spec interface §4). */
export const NO_HISTORY = (file: string) => `${file} has no history.`;
export const HISTORY_OFF = (file: string) =>
  `Synchronize ${file} to enable revision history or sign in with GitHub to synchronize your main workspace.`;
/** Our words for what the spec leaves unsaid (docs/how-to/history.md). */
export const LIST_FAILED = (file: string) => `The history of ${file} could not be read.`;
export const LOAD_FAILED = 'This revision could not be read.';
export const RESTORE_FAILED =
  'The text could not be kept in the history before the restore: it was left as it is.';

/** What the History panel asks of the editor. */
export interface RevisionEditor {
  showRevision(text: string): { insertions: number; deletions: number };
  closeRevision(): void;
  currentText(): string;
  replaceText(text: string): void;
}

/** What the History panel works with: the file, where its revisions come from, the editor,
 * and the app's confirmation, snapshot and notification. */
export interface HistoryViewProps {
  fileId: string;
  fileName: string;
  /** Whether local history is on (`history.local`); off, the spec's message shows instead. */
  enabled: boolean;
  source: RevisionSource;
  editor: () => RevisionEditor | null;
  /** Asks the fileRestoration confirmation. */
  confirmRestore(fileName: string): Promise<boolean>;
  /** Keeps the text about to be replaced by a restore. */
  keepBeforeRestore(fileId: string, text: string): Promise<unknown>;
  notifyError(message: string): void;
  now(): number;
}

type Listing =
  { state: 'loading' } | { state: 'error' } | { state: 'list'; revisions: RevisionSummary[] };

interface Shown {
  revision: RevisionSummary;
  text: string;
  insertions: number;
  deletions: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The History panel's content, for a file and a revision source (spec interface §4). */
export function HistoryView(props: HistoryViewProps) {
  const { fileId, fileName, enabled, source, editor, notifyError, now } = props;
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [count, setCount] = useState(HISTORY_PAGE_SIZE);
  const [shown, setShown] = useState<Shown | undefined>();
  const [loadFailed, setLoadFailed] = useState<RevisionSummary | undefined>();
  const [busy, setBusy] = useState(false);
  const turn = useRef(0);

  const list = useCallback(async () => {
    const mine = (turn.current += 1);
    setListing({ state: 'loading' });
    try {
      const revisions = await source.list(fileId);
      if (mine === turn.current) setListing({ state: 'list', revisions });
    } catch (error) {
      console.error(error);
      if (mine !== turn.current) return;
      setListing({ state: 'error' });
      notifyError(LIST_FAILED(fileName));
    }
  }, [source, fileId, fileName, notifyError]);

  const close = useCallback(() => {
    editor()?.closeRevision();
    setShown(undefined);
  }, [editor]);

  // A file opened: its list, from the first page; leaving the panel clears the revision shown.
  useEffect(() => {
    setCount(HISTORY_PAGE_SIZE);
    setShown(undefined);
    setLoadFailed(undefined);
    if (enabled) list().catch(() => undefined);
    return () => editor()?.closeRevision();
  }, [enabled, list, editor]);

  // Escape clears the revision shown.
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, close]);

  const choose = async (revision: RevisionSummary) => {
    setLoadFailed(undefined);
    setBusy(true);
    try {
      const text = await source.load(fileId, revision.id);
      const view = editor();
      if (!view) return;
      const counts = view.showRevision(text);
      setShown({ revision, text, ...counts });
    } catch (error) {
      console.error(error);
      setLoadFailed(revision);
      notifyError(LOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    if (!shown) return;
    if (!(await props.confirmRestore(fileName))) return;
    const view = editor();
    if (!view) return;
    setBusy(true);
    try {
      // (Should the text now not be kept, it is not replaced either: nothing is lost.)
      await props.keepBeforeRestore(fileId, view.currentText());
      view.replaceText(shown.text);
      setShown(undefined);
    } catch (error) {
      console.error(error);
      notifyError(RESTORE_FAILED);
      return;
    } finally {
      setBusy(false);
    }
    await list();
  };

  if (!enabled) {
    return (
      <section className="history-panel" aria-label="History">
        <p className="history-panel__note">{HISTORY_OFF(fileName)}</p>
      </section>
    );
  }

  let body;
  if (listing.state === 'loading') {
    body = (
      <p className="history-panel__note" role="status">
        Loading…
      </p>
    );
  } else if (listing.state === 'error') {
    body = (
      <div className="history-panel__note">
        <p>{LIST_FAILED(fileName)}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            list().catch(() => undefined);
          }}
        >
          Retry
        </button>
      </div>
    );
  } else if (listing.revisions.length === 0) {
    body = <p className="history-panel__note">{NO_HISTORY(fileName)}</p>;
  } else {
    const revisions = listing.revisions.slice(0, count);
    const at = now();
    body = (
      <>
        <ol className="history-panel__list" aria-label="Revisions">
          {revisions.map((revision, index) => {
            const previous = revisions[index - 1];
            const spaced = previous && previous.created - revision.created > HISTORY_SPACER_MS;
            const chosen = shown?.revision.id === revision.id;
            return (
              <li key={revision.id} className={spaced ? 'history-panel__spaced' : undefined}>
                {spaced && <div className="history-panel__spacer" aria-hidden="true" />}
                <button
                  type="button"
                  className="history-panel__revision"
                  aria-pressed={chosen}
                  title={absoluteTime(revision.created)}
                  disabled={busy}
                  onClick={() => {
                    if (chosen) close();
                    else choose(revision).catch(() => undefined);
                  }}
                >
                  <span className="history-panel__time">{relativeTime(revision.created, at)}</span>
                  {revision.length !== undefined && (
                    <span className="history-panel__size">
                      {plural(revision.length, 'character')}
                    </span>
                  )}
                </button>
                {loadFailed?.id === revision.id && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      choose(revision).catch(() => undefined);
                    }}
                  >
                    Retry
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        {listing.revisions.length > count && (
          <button
            type="button"
            className="button history-panel__more"
            onClick={() => setCount((shownCount) => shownCount + HISTORY_PAGE_SIZE)}
          >
            More
          </button>
        )}
      </>
    );
  }

  return (
    <section className="history-panel" aria-label="History">
      {shown && (
        <div className="history-panel__shown" role="group" aria-label="Revision shown">
          <p>
            Revision of {relativeTime(shown.revision.created, now())}:{' '}
            {plural(shown.insertions, 'insertion')} and {plural(shown.deletions, 'deletion')}{' '}
            against the text now. The editor is read-only meanwhile.
          </p>
          <div className="history-panel__buttons">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                restore().catch(() => undefined);
              }}
            >
              Restore
            </button>
            <button type="button" className="button" onClick={close}>
              Close revision
            </button>
          </div>
        </div>
      )}
      {body}
    </section>
  );
}

/** The History panel of the side bar (spec interface §4), over the current file's local
 * revisions (docs/how-to/history.md). */
export function HistoryPanel() {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const fileId = useAppSelector((state) => state.workspace.currentFileId);
  const fileName = useAppSelector((state) =>
    fileId ? (state.workspace.files[fileId]?.name ?? '') : '',
  );
  const enabled = useAppSelector((state) => state.settings.settings.history.local);
  const { workspace, confirmer } = services;
  const [source] = useState(() => localRevisionSource(workspace.history));
  const editor = useCallback(() => services.editor.current, [services]);
  const notifyError = useCallback(
    (message: string) => dispatch(notified('error', message)),
    [dispatch],
  );
  if (!fileId) return null;
  return (
    <HistoryView
      key={fileId}
      fileId={fileId}
      fileName={fileName}
      enabled={enabled}
      source={source}
      editor={editor}
      confirmRestore={(name) => confirmer.ask('fileRestoration', name)}
      keepBeforeRestore={(id, text) => workspace.history.snapshot(id, text, 'restore')}
      notifyError={notifyError}
      now={Date.now}
    />
  );
}

'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { providerRevisionSources } from '../history/provider-revision-sources';
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
import { earnBadge } from '../badges/badges';

/** History page size: 30, and 'More' adds 30 (spec interface §9). */
export const HISTORY_PAGE_SIZE = 30;
/** Revisions further apart than this (6 hours) get a spacer between them (spec interface §4). */
export const HISTORY_SPACER_MS = 21_600_000;

/** The panel's texts (spec interface §4). */
export const NO_HISTORY = (file: string) => `${file} has no history.`;
export const HISTORY_OFF = (file: string) =>
  `Synchronize ${file} to enable revision history or sign in with GitHub to synchronize your main workspace.`;
/** Our words for what the spec leaves unsaid (docs/how-to/history.md). */
export const LIST_FAILED = (file: string, source: string) =>
  `The history of ${file} could not be read (${source}).`;
export const LOAD_FAILED = 'This revision could not be read.';
export const RESTORE_FAILED =
  'The text could not be kept in the history before the restore: it was left as it is.';
/** Who made a revision when the app does not know their name (spec interface §3 User info). */
export const SOMEONE = 'Someone';

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
  /** Whether local history is on (`history.local`); off, and with no other source, the spec's
   * message shows instead. */
  enabled: boolean;
  /** Where the revisions come from, merged newest first: this browser's history, the
   * workspace's remote, the file's sync locations. */
  sources: readonly RevisionSource[];
  editor: () => RevisionEditor | null;
  /** Asks the fileRestoration confirmation. */
  confirmRestore(fileName: string): Promise<boolean>;
  /** Keeps the text about to be replaced by a restore. */
  keepBeforeRestore(fileId: string, text: string): Promise<unknown>;
  notifyError(message: string): void;
  now(): number;
  /** The name of the user `sub` where the app knows it (a linked account). */
  userName?(sub: string): string | undefined;
}

type Listing =
  | { state: 'loading' }
  | { state: 'error'; reason: string }
  | { state: 'list'; revisions: RevisionSummary[] };

/** A revision of the merged list: which source it comes from, and its key there. */
interface Entry {
  key: string;
  source: number;
  revision: RevisionSummary;
}

interface Shown {
  entry: Entry;
  text: string;
  insertions: number;
  deletions: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';
const withReason = (message: string, reason: string) => (reason ? `${message} ${reason}` : message);
const firstLine = (message: string) => message.split('\n', 1)[0]!.trim();

/** The History panel's content, for a file and its revision sources (spec interface §4). */
export function HistoryView(props: HistoryViewProps) {
  const { fileId, fileName, enabled, sources, editor, notifyError, now, userName } = props;
  const [listings, setListings] = useState<Listing[]>(() =>
    sources.map(() => ({ state: 'loading' })),
  );
  const [count, setCount] = useState(HISTORY_PAGE_SIZE);
  const [shown, setShown] = useState<Shown | undefined>();
  const [loading, setLoading] = useState<Entry | undefined>();
  const [loadFailed, setLoadFailed] = useState<Entry | undefined>();
  const [busy, setBusy] = useState(false);
  const turns = useRef<number[]>([]);

  // Lists one source again; its entry of `listings` follows.
  const list = useCallback(
    async (index: number) => {
      const source = sources[index];
      if (!source) return;
      const mine = (turns.current[index] = (turns.current[index] ?? 0) + 1);
      const set = (listing: Listing) =>
        setListings((all) => all.map((old, at) => (at === index ? listing : old)));
      set({ state: 'loading' });
      try {
        const revisions = await source.list(fileId);
        if (mine === turns.current[index]) set({ state: 'list', revisions });
      } catch (error) {
        console.error(error);
        if (mine !== turns.current[index]) return;
        const reason = reasonOf(error);
        set({ state: 'error', reason });
        notifyError(withReason(LIST_FAILED(fileName, source.name), reason));
      }
    },
    [sources, fileId, fileName, notifyError],
  );

  const close = useCallback(() => {
    editor()?.closeRevision();
    setShown(undefined);
  }, [editor]);

  // A file opened (or its sources known): every list, from the first page; leaving the panel
  // clears the revision shown.
  useEffect(() => {
    setCount(HISTORY_PAGE_SIZE);
    setShown(undefined);
    setLoadFailed(undefined);
    setListings(sources.map(() => ({ state: 'loading' })));
    sources.forEach((_source, index) => {
      list(index).catch(() => undefined);
    });
    return () => editor()?.closeRevision();
  }, [sources, list, editor]);

  // Escape clears the revision shown.
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, close]);

  const choose = async (entry: Entry) => {
    earnBadge('chooseHistory');
    setLoadFailed(undefined);
    setLoading(entry);
    setBusy(true);
    try {
      const text = await sources[entry.source]!.load(fileId, entry.revision.id);
      const view = editor();
      if (!view) return;
      const counts = view.showRevision(text);
      setShown({ entry, text, ...counts });
    } catch (error) {
      console.error(error);
      setLoadFailed(entry);
      notifyError(withReason(LOAD_FAILED, reasonOf(error)));
    } finally {
      setLoading(undefined);
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
      earnBadge('restoreVersion');
      setShown(undefined);
    } catch (error) {
      console.error(error);
      notifyError(RESTORE_FAILED);
      return;
    } finally {
      setBusy(false);
    }
    // The text replaced is this browser's newest revision now.
    await Promise.all(
      sources.map((source, index) => (source.local ? list(index) : Promise.resolve())),
    );
  };

  if (sources.length === 0 && !enabled) {
    return (
      <section className="history-panel" aria-label="History">
        <p className="history-panel__note">{HISTORY_OFF(fileName)}</p>
      </section>
    );
  }

  const entries: Entry[] = [];
  listings.forEach((listing, source) => {
    if (listing.state !== 'list') return;
    for (const revision of listing.revisions) {
      entries.push({ key: `${source}:${revision.id}`, source, revision });
    }
  });
  // Newest first; at the same time, in the order of the sources (a stable sort).
  entries.sort((a, b) => b.revision.created - a.revision.created);
  const pending = listings.some((listing) => listing.state === 'loading');
  const failures = listings.flatMap((listing, index) =>
    listing.state === 'error' ? [{ index, name: sources[index]?.name ?? '' }] : [],
  );
  const several = sources.length > 1;

  let body;
  if (entries.length === 0 && pending) {
    body = (
      <p className="history-panel__note" role="status">
        Loading…
      </p>
    );
  } else if (entries.length === 0 && failures.length === 0) {
    body = <p className="history-panel__note">{NO_HISTORY(fileName)}</p>;
  } else {
    const revisions = entries.slice(0, count);
    const at = now();
    body = (
      <>
        {revisions.length > 0 && (
          <ol className="history-panel__list" aria-label="Revisions">
            {revisions.map((entry, index) => {
              const { revision } = entry;
              const previous = revisions[index - 1]?.revision;
              const spaced = previous && previous.created - revision.created > HISTORY_SPACER_MS;
              const chosen = shown?.entry.key === entry.key;
              const author =
                revision.sub === undefined ? undefined : (userName?.(revision.sub) ?? SOMEONE);
              return (
                <li key={entry.key} className={spaced ? 'history-panel__spaced' : undefined}>
                  {spaced && <div className="history-panel__spacer" aria-hidden="true" />}
                  <button
                    type="button"
                    className="history-panel__revision"
                    aria-pressed={chosen}
                    title={absoluteTime(revision.created)}
                    disabled={busy}
                    onClick={() => {
                      if (chosen) close();
                      else choose(entry).catch(() => undefined);
                    }}
                  >
                    <span className="history-panel__line">
                      <span className="history-panel__time">
                        {relativeTime(revision.created, at)}
                      </span>
                      {several && (
                        <span className="history-panel__source">
                          {' '}
                          · {sources[entry.source]?.name}
                        </span>
                      )}
                    </span>
                    {revision.message && (
                      <span className="history-panel__message">{firstLine(revision.message)}</span>
                    )}
                    {(author !== undefined || revision.length !== undefined) && (
                      <span className="history-panel__details">
                        {author !== undefined && (
                          <span className="history-panel__author">by {author}</span>
                        )}
                        {author !== undefined && revision.length !== undefined && ' · '}
                        {revision.length !== undefined && (
                          <span className="history-panel__size">
                            {plural(revision.length, 'character')}
                          </span>
                        )}
                      </span>
                    )}
                  </button>
                  {loading?.key === entry.key && (
                    <p className="history-panel__note" role="status">
                      Loading the revision…
                    </p>
                  )}
                  {loadFailed?.key === entry.key && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        choose(entry).catch(() => undefined);
                      }}
                    >
                      Retry
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {entries.length > count && (
          <button
            type="button"
            className="button history-panel__more"
            onClick={() => setCount((shownCount) => shownCount + HISTORY_PAGE_SIZE)}
          >
            More
          </button>
        )}
        {pending && (
          <p className="history-panel__note" role="status">
            Loading…
          </p>
        )}
      </>
    );
  }

  return (
    <section className="history-panel" aria-label="History">
      {shown && (
        <div className="history-panel__shown" role="group" aria-label="Revision shown">
          <p>
            Revision of {relativeTime(shown.entry.revision.created, now())}
            {several ? ` (${sources[shown.entry.source]?.name})` : ''}:{' '}
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
      {failures.map(({ index, name }) => (
        <div key={index} className="history-panel__note history-panel__failure">
          <p>{LIST_FAILED(fileName, name)}</p>
          <button
            type="button"
            className="button"
            aria-label={`Retry ${name}`}
            onClick={() => {
              list(index).catch(() => undefined);
            }}
          >
            Retry
          </button>
        </div>
      ))}
    </section>
  );
}

/** The History panel of the side bar (spec interface §4): the current file's revisions in this
 * browser, in its workspace's remote and in its own sync locations, merged newest first
 * (docs/how-to/history.md). */
export function HistoryPanel() {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const fileId = useAppSelector((state) => state.workspace.currentFileId);
  const fileName = useAppSelector((state) =>
    fileId ? (state.workspace.files[fileId]?.name ?? '') : '',
  );
  const enabled = useAppSelector((state) => state.settings.settings.history.local);
  const accounts = useAppSelector((state) => state.accounts);
  // (Known once the sync service has made the workspace's remote: the sources follow it.)
  const target = useAppSelector((state) => state.sync.target);
  // Offline, only this browser's revisions are listed (no request fails on each file opened);
  // back online, the providers' come back.
  const offline = useAppSelector((state) => state.sync.offline);
  const { workspace, confirmer, sync, forgeAccounts } = services;
  const [local] = useState(() => localRevisionSource(workspace.history));
  const [sources, setSources] = useState<RevisionSource[] | undefined>();
  const editor = useCallback(() => services.editor.current, [services]);
  const notifyError = useCallback(
    (message: string) => dispatch(notified('error', message)),
    [dispatch],
  );
  const messages = useAppSelector((state) => state.settings.settings.git);
  // The sync service is built after the first screen: its remote's revisions once it is.
  const [built, setBuilt] = useState(0);
  useEffect(() => {
    if (sync.remoteProvider || !sync.whenBuilt) return;
    let live = true;
    sync
      .whenBuilt()
      .then(() => {
        if (live) setBuilt((count) => count + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sync]);
  useEffect(() => {
    if (!fileId) return;
    let live = true;
    const mine = enabled ? [local] : [];
    setSources(undefined);
    if (offline) {
      setSources(mine);
      return;
    }
    providerRevisionSources(fileId, {
      repository: workspace.repo,
      syncRepository: workspace.syncRepo,
      workspaceProvider: sync.remoteProvider,
      locationProviders: async () => {
        // (The providers' code loads with the first file that has locations.)
        const { fileLocationProviders } = await import('../providers/github/file-locations');
        return fileLocationProviders(workspace.syncRepo, messages, forgeAccounts);
      },
    }).then(
      (others) => {
        if (live) setSources([...mine, ...others]);
      },
      (error: unknown) => {
        console.error('The revision sources could not be read.', error);
        if (live) setSources(mine);
      },
    );
    return () => {
      live = false;
    };
  }, [fileId, enabled, local, workspace, sync, forgeAccounts, messages, target, offline, built]);
  const userName = useCallback(
    (sub: string) =>
      [...accounts.github, ...accounts.google, ...Object.values(accounts.forges).flat()].find(
        (account) => account.sub === sub,
      )?.name,
    [accounts],
  );
  if (!fileId) return null;
  if (!sources) {
    return (
      <section className="history-panel" aria-label="History">
        <p className="history-panel__note" role="status">
          Loading…
        </p>
      </section>
    );
  }
  return (
    <HistoryView
      key={fileId}
      fileId={fileId}
      fileName={fileName}
      enabled={enabled}
      sources={sources}
      editor={editor}
      confirmRestore={(name) => confirmer.ask('fileRestoration', name)}
      keepBeforeRestore={(id, text) => workspace.history.snapshot(id, text, 'restore')}
      notifyError={notifyError}
      now={Date.now}
      userName={userName}
    />
  );
}

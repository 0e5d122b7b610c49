'use client';

import { createSanitizer } from '@inkstone/markdown';
import { useEffect, useRef, useState } from 'react';
import { loadGithubOrigins } from '../providers/github/github-conf';
import {
  pickSharedFile,
  readShareId,
  readSharedDocument,
  SHARE_LINK_INVALID,
  type SharedGist,
} from './shared-gist';
import '../components/markdown-body.css';
import './share-page.css';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'shown'; title: string; fragment: DocumentFragment };

// Reads the gist anonymously (a share is readable by anyone with its link: no token is sent)
// and cleans its HTML with the preview's sanitiser: a gist is anyone's HTML, and this page runs
// on Inkstone's origin, where its scripts would reach the user's workspaces.
async function loadShared(search: string): Promise<State> {
  const id = readShareId(search);
  if (!id) return { kind: 'error', message: SHARE_LINK_INVALID };
  const { githubApiUrl } = await loadGithubOrigins();
  const response = await fetch(`${githubApiUrl}/gists/${encodeURIComponent(id)}`, {
    headers: { Accept: 'application/vnd.github+json' },
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  if (response.status === 404) {
    return { kind: 'error', message: 'This shared file does not exist any more.' };
  }
  if (!response.ok) {
    return {
      kind: 'error',
      message: `The shared file could not be read (HTTP error ${response.status}).`,
    };
  }
  const file = pickSharedFile((await response.json()) as SharedGist);
  if (!file) return { kind: 'error', message: 'This shared file is empty.' };
  const shared = readSharedDocument(file, new DOMParser());
  const fragment = createSanitizer(window).sanitizeToFragment(shared.bodyHtml);
  return { kind: 'shown', title: shared.title, fragment };
}

/** The share page, `/share.html?id={gistId}` (spec interface §2): a file shared as HTML
 * through a gist, shown sanitised by the preview's sanitiser, never as the gist's raw HTML. */
export function SharePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const body = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    const show = async () => {
      let next: State;
      try {
        next = await loadShared(window.location.search);
      } catch {
        next = { kind: 'error', message: 'The shared file could not be read: the network failed.' };
      }
      if (live) setState(next);
    };
    show().catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (state.kind !== 'shown' || !body.current) return;
    document.title = `${state.title} · Inkstone`;
    body.current.replaceChildren(state.fragment.cloneNode(true));
  }, [state]);

  return (
    <main className="share-page">
      {state.kind === 'loading' && <p role="status">Loading the shared file…</p>}
      {state.kind === 'error' && (
        <p role="alert" className="share-page__error">
          {state.message}
        </p>
      )}
      {state.kind === 'shown' && (
        <article ref={body} className="markdown-body share-page__body" aria-label={state.title} />
      )}
      <footer className="share-page__footer">
        Shared with <a href="./">Inkstone</a>
      </footer>
    </main>
  );
}

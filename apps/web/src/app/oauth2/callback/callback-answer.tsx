'use client';

import { useEffect, useState } from 'react';
import { callbackMessage } from '../../../services/oauth/callback-message';

/** Posts the provider's answer (code, state, error; an implicit flow's tokens) to the app
 * window that opened this one, or, in the hidden frame of a silent refresh, to the page holding
 * the frame: to its origin only (this page's own), then closes. Opened any other way, it says
 * so. */
export function CallbackAnswer() {
  const [text, setText] = useState('Signing in…');

  useEffect(() => {
    const opener = window.opener as Window | null;
    const message = callbackMessage(window.location.href);
    // The code is of no use to anyone else: it leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (window.parent !== window) {
      // A silent refresh's hidden frame (Google's prompt=none): the app's page waits for it.
      window.parent.postMessage(message, window.location.origin);
      return;
    }
    if (!opener || opener.closed) {
      setText('This page finishes a sign-in started in Inkstone. You can close it.');
      return;
    }
    opener.postMessage(message, window.location.origin);
    setText('Signed in. This window closes now.');
    window.close();
  }, []);

  return (
    <main style={{ font: '16px/1.5 system-ui, sans-serif', padding: '2rem' }}>
      <p role="status">{text}</p>
    </main>
  );
}

// For the providers' account tests over cloud-sim: a "popup" that is a user submitting the
// sim's authorize page and landing on the redirect it answers (posted back to the app as the
// callback page does), and a token store in memory.
import { type OpenerPort, type ReceivedMessage } from '../../services/oauth/authorize-popup';
import { callbackMessage } from '../../services/oauth/callback-message';

/** An opener whose popups submit the authorize page they open, with the form fields `fill`
 * sets (the email of who signs in, or the Cancel link's `cancel`); `popups` lists the URLs. */
export function simSignIn(
  appOrigin: string,
  fill: (form: URLSearchParams) => void,
): { opener: OpenerPort; popups: string[] } {
  const listeners = new Set<(message: ReceivedMessage) => void>();
  const popups: string[] = [];
  const opener: OpenerPort = {
    origin: appOrigin,
    open(url) {
      popups.push(url);
      const target = new URL(url);
      const form = new URLSearchParams(target.searchParams);
      fill(form);
      fetch(`${target.origin}${target.pathname}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      })
        .then((response) => {
          const data = callbackMessage(response.headers.get('location') ?? '');
          for (const listener of listeners) listener({ origin: appOrigin, source: null, data });
        })
        .catch(() => undefined);
      return { closed: false, close: () => undefined };
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { opener, popups };
}

/** A provider's token store in memory, by sub (copies kept, as IndexedDB does). */
export function memoryTokens<T extends { sub: string }>() {
  const stored = new Map<string, T>();
  const tokens = {
    read: async () => [...stored.values()],
    write: async (token: T) => void stored.set(token.sub, structuredClone(token)),
    remove: async (sub: string) => void stored.delete(sub),
  };
  return { tokens, stored };
}

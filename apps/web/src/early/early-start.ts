import { readEarlyDocument } from './early-document';

// The first thing the page does (client-app.tsx): show the file's text in an early editor, when
// the plain case allows (early-document.ts), then let the app load. Never fails: whatever goes
// wrong, the app starts as before.

const ID_CHARACTERS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// An id of the core's form (16 base62 characters, spec core §9), for a first visit's Welcome file.
function newId(): string {
  let id = '';
  while (id.length < 16) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      // (Bytes 248 and above would make some characters likelier than others.)
      if (byte < 248 && id.length < 16) id += ID_CHARACTERS[byte % 62];
    }
  }
  return id;
}

/** Shows the early editor if it can; resolves once it shows, or once it is known it will not. */
export async function startEarlyEditor(): Promise<void> {
  try {
    // The view's code loads while the database is read (the app needs it in any case).
    const viewCode = import('./early-editor');
    viewCode.catch(() => {});
    const found = await readEarlyDocument({
      search: window.location.search,
      storage: typeof localStorage === 'undefined' ? undefined : localStorage,
      indexedDB: typeof indexedDB === 'undefined' ? undefined : indexedDB,
      welcomeText: () => import('../welcome/welcome-text').then((module) => module.WELCOME_TEXT),
      newId,
    });
    if (!found) return;
    const { showEarlyEditor } = await viewCode;
    showEarlyEditor(found);
  } catch (error) {
    console.error('The early editor could not be shown.', error);
  }
}

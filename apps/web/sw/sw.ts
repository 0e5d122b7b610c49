/// <reference lib="webworker" />
// Inkstone's service worker (docs/how-to/offline.md): built by scripts/build-sw.mjs after the
// static export, with Serwist, which keeps the export's files in the Cache Storage so that after
// one visit the app opens, and edits, with no network.
import { type PrecacheEntry, Serwist } from 'serwist';

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // The export's pages are `name.html`: `/share` is `share.html`.
    cleanURLs: true,
    // A page the cache does not hold (`/?providerId=…`, a workspace's address) is the app's.
    navigateFallback: '/index.html',
    // Never the app for these: the OAuth windows' return, the server's own pages and calls.
    navigateFallbackDenylist: [/^\/oauth2\//, /^\/share/, /^\/(conf|userInfo|paypalIpn)\b/],
  },
  // A new version waits until the app, between two keystrokes and with everything saved, asks
  // it to take over (services/app-update.ts): an update never interrupts typing.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
  }
});

// A script of the build asked for with a query or a fragment (the bundler's worker bootstrap
// reads its configuration from `#params=`) is the cached file, answered as a new response: a
// worker takes its address from the response, and the cached one's has lost what it reads.
self.addEventListener('fetch', (event: FetchEvent) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'GET' ||
    event.request.mode === 'navigate' ||
    url.origin !== self.location.origin ||
    (url.search === '' && url.hash === '') ||
    !url.pathname.startsWith('/_next/static/')
  ) {
    return;
  }
  event.respondWith(
    (async () => {
      const cached = await caches.match(`${url.origin}${url.pathname}`, { ignoreSearch: true });
      if (!cached) return fetch(event.request);
      return new Response(cached.body, {
        status: cached.status,
        statusText: cached.statusText,
        headers: cached.headers,
      });
    })(),
  );
});

serwist.addEventListeners();

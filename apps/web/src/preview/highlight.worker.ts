import { type HighlightRequest, serveHighlights } from './highlight-serve';

// Highlights a big paste's code while the preview renders it (highlight-ahead.ts).
const serve = serveHighlights((reply) => self.postMessage(reply));

self.onmessage = (event: MessageEvent<HighlightRequest>) => serve(event.data);

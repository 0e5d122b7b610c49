import Handlebars from 'handlebars';
import { runTemplate, type TemplateRequest } from './template-runner';

// Generates one template, off the page: a dedicated worker has no DOM, and the page's storage
// and network are taken away before the user's helpers run. The page terminates the worker
// once it answers, or after the time-out.
const scope = self as unknown as Record<string, unknown>;
for (const name of [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'indexedDB',
  'caches',
  'BroadcastChannel',
  'importScripts',
]) {
  try {
    scope[name] = undefined;
  } catch {
    // Not writable here: the Content-Security-Policy of the worker is the other fence.
  }
}

self.onmessage = (event: MessageEvent<TemplateRequest>) => {
  self.postMessage(runTemplate(Handlebars, event.data));
};

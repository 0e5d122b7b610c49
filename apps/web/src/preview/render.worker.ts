import { RenderEngine } from './render-engine';
import { type RenderRequest, type RenderResponse } from './render-protocol';

// Converts markdown off the main thread, so typing never waits for the preview.
const engine = new RenderEngine(
  (response: RenderResponse) => self.postMessage(response),
  // A macrotask: edits already queued as messages are applied before the rendering runs.
  (task) => setTimeout(task, 0),
  // The pipeline warmed up once a text shows (a worker has no idle callbacks: a macrotask each).
  { idle: (task) => setTimeout(task, 0) },
);

self.onmessage = (event: MessageEvent<RenderRequest>) => engine.handle(event.data);

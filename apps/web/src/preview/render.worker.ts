import { createConverter } from '@inkstone/markdown';
import { type RenderRequest, type RenderResponse } from './render-protocol';

// Converts markdown off the main thread, so typing never waits for a long document to convert.
const converter = createConverter();

self.onmessage = (event: MessageEvent<RenderRequest>) => {
  const { version, text } = event.data;
  const started = performance.now();
  const { sections, headings } = converter.renderSections(text);
  const response: RenderResponse = {
    version,
    length: text.length,
    sections,
    headings,
    convertMs: performance.now() - started,
  };
  self.postMessage(response);
};

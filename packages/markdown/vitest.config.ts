import { defineConfig } from 'vitest/config';

// Tests run in Node; the sanitiser tests build their own jsdom window where they need a DOM.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The renderer is pure (no mocks, no globals, no timers in its tests): each worker imports
    // markdown-it, its plugins, KaTeX, highlight.js and jsdom once for all its files instead of
    // once per file.
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';

// Tests run in Node; the sanitiser tests build their own jsdom window where they need a DOM.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});

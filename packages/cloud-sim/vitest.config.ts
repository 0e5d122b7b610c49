import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // As forge-sim's: no module mocked, no global left changed; each worker imports the
    // stand-in once for all its files.
    isolate: false,
  },
});

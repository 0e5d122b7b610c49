import { defineConfig } from 'vitest/config';

// Isolated, each in a fresh worker as vitest does by default: the upload tests, whose
// rate-limited answers failed when the file shared its worker with the others (cause not found).
const ISOLATED = ['src/unread-body.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // The other tests mock nothing and touch no globals (each builds its own app, stand-ins
        // and stores): each worker imports Fastify, pg, playwright-core and the app once for all
        // its files instead of once per file.
        test: { name: 'shared', include: ['src/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Files that change what the next file in the same worker would see: module mocks, stubbed or
// spied-on globals (console, performance, window), fake timers, an IndexedDB or a jsdom
// environment. They run isolated, each in a fresh worker, as vitest does by default.
const ISOLATED = [
  'src/components/first-screen.test.ts',
  'src/editor/code-languages.test.ts',
  'src/editor/doc-text.test.ts',
  'src/editor/editor-controller.test.ts',
  'src/editor/find/find-controller.test.ts',
  'src/editor/inline-images.test.ts',
  'src/images/editor-images.test.ts',
  'src/editor/unsaved-journal.test.ts',
  'src/preview/diagrams/abc-engine.test.ts',
  'src/preview/diagrams/diagram-renderer.test.ts',
  'src/preview/diagrams/mermaid-engine.test.ts',
  'src/preview/fair-turns.test.ts',
  'src/preview/highlighter.test.ts',
  'src/preview/preview-controller.test.ts',
  'src/preview/lazy-images.test.ts',
  'src/preview/print-preview.test.ts',
  'src/preview/render-engine.test.ts',
  'src/preview/section-patcher.test.ts',
  'src/providers/blogger/blogger-location-dialog.test.tsx',
  'src/providers/github/github-sponsorship.test.ts',
  'src/providers/google-drive/drive-dialogs.test.tsx',
  'src/providers/google-drive/drive-menu-actions.test.ts',
  'src/services/color-theme.test.ts',
  'src/services/oauth/authorize-popup.test.ts',
  'src/services/reset.test.ts',
  'src/services/run-action.test.ts',
  'src/services/worker-hash.test.ts',
  'src/services/workspaces.test.ts',
  'src/share/shared-gist.test.ts',
  'src/templates/export-context.test.ts',
  'src/templates/template-generator.test.ts',
];

const TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // The rest touch no global state: each worker imports React, Redux, CodeMirror, the
        // core and the renderer once for all its files instead of once per file, most of what
        // this suite cost.
        test: { name: 'shared', include: TESTS, exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

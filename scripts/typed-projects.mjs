// The TypeScript project of each package's files, tests included: the one tsconfig that covers
// all of them. ESLint's typed rules read types from it (eslint.config.mjs), and the test command
// lints and typechecks each package with one program built from it
// (scripts/lint-and-typecheck.mjs).
export const typedProjects = [
  ['packages/core', 'tsconfig.test.json'],
  ['packages/markdown', 'tsconfig.test.json'],
  ['packages/forge-sim', 'tsconfig.test.json'],
  ['packages/cloud-sim', 'tsconfig.test.json'],
  ['apps/server', 'tsconfig.test.json'],
  ['apps/web', 'tsconfig.json'],
  // The service worker: its own program, with the worker's globals instead of the page's.
  ['apps/web/sw', 'tsconfig.json'],
  ['e2e', 'tsconfig.json'],
  ['bench', 'tsconfig.json'],
];

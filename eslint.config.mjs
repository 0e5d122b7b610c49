// One lint configuration for the whole tree. Formatting is Prettier's job (`pnpm lint` runs both).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { typedProjects } from './scripts/typed-projects.mjs';

// Browser and timer globals that packages/core must never touch: the world reaches core only
// through ports passed in (HttpClient, Clock, IdSource, repositories).
const forbiddenInCore = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'fetch',
  'navigator',
  'location',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'BroadcastChannel',
  'crypto',
].map((name) => ({
  name,
  message: `packages/core is portable: receive ${name} through a port instead of the global.`,
}));

// Lint with type information (docs/adr/0001-monorepo-and-toolchain.md, "Typed lint"): each
// package's files are checked against the program of the one tsconfig that covers all of them,
// tests included (`project`, not `projectService`, which finds only files named tsconfig.json).
const root = fileURLToPath(new URL('.', import.meta.url));
const typedProjectsConfig = typedProjects.map(([dir, tsconfig]) => ({
  files: [`${dir}/**/*.{ts,tsx}`],
  languageOptions: {
    parserOptions: { project: `${root}${dir}/${tsconfig}`, tsconfigRootDir: root },
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      '**/.next/**',
      '**/.turbo/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...typedProjectsConfig,
  {
    rules: {
      // An unawaited save or sync is a lost write: a promise is awaited, or its rejection is
      // handled where it starts. `void` alone does not count as handling.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
      // Taken out of recommendedTypeChecked (the ADR says why): async test doubles and port
      // implementations without an await, props destructured from method-style types, and
      // assertions that are merely redundant are not problems.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts', 'packages/core/src/testing/**'],
    rules: {
      'no-restricted-globals': ['error', ...forbiddenInCore],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'next', 'next/*'], message: 'core has no UI.' },
            { group: ['@inkstone/*'], message: 'core imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/markdown/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@inkstone/*'], message: 'markdown imports nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['packages/forge-sim/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@inkstone/*'], message: 'forge-sim imports nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['packages/cloud-sim/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@inkstone/*'], message: 'cloud-sim imports nothing of ours.' }] },
      ],
    },
  },
  {
    // The embedding helper other sites load as a classic script (docs/how-to/embed.md).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'packages/forge-sim/**/*.{ts,mjs}',
      'packages/cloud-sim/**/*.{ts,mjs}',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'apps/web/scripts/**/*.mjs',
      '**/*.config.{ts,mjs,js}',
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/*/src/testing/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests read answers as they come (`response.json().message`) and reject with what the
    // browser gives: a wrong value fails the test anyway.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.testkit.ts',
      '**/*.fixture.ts',
      'packages/*/src/testing/**',
      'e2e/**',
      'bench/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
);

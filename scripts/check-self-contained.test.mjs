// The check that the repository stands alone, run on throwaway trees with planted offenders.
// The paths planted are built from parts ('..' steps, the work folder), so that this file does
// not itself name a path outside the repository.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findOutsideReferences, listFiles, WORK_FOLDER } from './check-self-contained.mjs';

const up = (steps) => '../'.repeat(steps);
const trees = [];

/** A throwaway repository folder, two levels below a fresh temporary folder, with `files`. */
function tree(files) {
  const holder = mkdtempSync(join(tmpdir(), 'inkstone-alone-'));
  trees.push(holder);
  const root = join(holder, 'checkouts', 'inkstone');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const offences = (root) =>
  findOutsideReferences(root).map(({ file, line, reason }) => ({ file, line, reason }));

afterEach(() => {
  for (const holder of trees.splice(0)) rmSync(holder, { recursive: true, force: true });
});

describe('the check that no file reads outside the repository', () => {
  it('finds a test reading the corpus from a checkout beside the repository', () => {
    const root = tree({
      'packages/markdown/src/corpus.test.ts': [
        "import { fileURLToPath } from 'node:url';",
        `const corpus = fileURLToPath(new URL('${up(4)}shared/bench-corpus/', import.meta.url));`,
      ].join('\n'),
      'packages/markdown/src/fine.test.ts': `new URL('${up(3)}bench/corpus/', import.meta.url);\n`,
    });
    expect(offences(root)).toEqual([
      {
        file: 'packages/markdown/src/corpus.test.ts',
        line: 2,
        reason: `"${up(4)}" climbs above the repository root from packages/markdown/src/`,
      },
    ]);
  });

  it('finds documents that point at the spec beside the repository, at any depth', () => {
    const root = tree({
      'README.md': `Providers come next (see \`${up(1)}shared/spec/\`).\n`,
      'docs/reference/choices.md': `The spec (\`${up(1)}shared/spec/\`) leaves things open.\n`,
      'docs/how-to/run.md': `Line one.\n\nThe corpus is read from \`${up(2)}shared/bench-corpus\`.\n`,
      'docs/how-to/far.md': `Or from \`${up(3)}shared/bench-corpus\`.\n`,
    });
    expect(offences(root)).toEqual([
      {
        file: 'README.md',
        line: 1,
        reason: `"${up(1)}" climbs above the repository root from ./`,
      },
      {
        file: 'docs/how-to/far.md',
        line: 1,
        reason: `"${up(3)}" climbs above the repository root from docs/how-to/`,
      },
      {
        file: 'docs/how-to/run.md',
        line: 3,
        reason: `"${up(2)}shared" names a folder the repository does not have`,
      },
      {
        file: 'docs/reference/choices.md',
        line: 1,
        reason: `"${up(1)}shared" names a folder the repository does not have`,
      },
    ]);
  });

  it('accepts a shared folder that is the repository’s own', () => {
    const root = tree({
      'apps/web/src/shared/ids.ts': 'export const id = 1;\n',
      'apps/web/src/editor/use.ts': `import { id } from '${up(1)}shared/ids';\n`,
    });
    expect(offences(root)).toEqual([]);
  });

  it('finds absolute paths into the work folder and into the folder holding the checkout', () => {
    const root = tree({
      'bench/src/corpus.ts': `const dir = '${WORK_FOLDER}/shared/bench-corpus';\n`,
      'scripts/run.sh': `cat file://${WORK_FOLDER}/notes.md\n`,
      'e2e/x.spec.ts': "launch({ executablePath: '/usr/bin/chromium' });\n",
    });
    const holder = dirname(root);
    writeFileSync(join(root, 'e2e/y.spec.ts'), `readFileSync('${holder}/sibling/data.json');\n`);
    expect(offences(root)).toEqual([
      {
        file: 'bench/src/corpus.ts',
        line: 1,
        reason: `an absolute path into ${WORK_FOLDER}, outside the repository`,
      },
      {
        file: 'e2e/y.spec.ts',
        line: 1,
        reason: `an absolute path into ${holder}, outside the repository`,
      },
      {
        file: 'scripts/run.sh',
        line: 1,
        reason: `an absolute path into ${WORK_FOLDER}, outside the repository`,
      },
    ]);
  });

  it('leaves alone what only looks like a path out: inner steps, spreads, prose, URLs', () => {
    const root = tree({
      'docs/spec/providers.md': 'Database J: POST {db}/../_session; GET _changes.\n',
      'docs/spec/interface.md': `It may be relative (./imgs, ${up(1)}imgs, imgs).\n`,
      'packages/core/src/path.ts': [
        "const parts = [...segments, '..'];",
        "normalise('a/../../b'); // inside a longer path",
        'Wait.. and so on...',
        'See https://example.org/work/x and https://example.org/a/../b.',
      ].join('\n'),
      'scripts/test-all.mjs': "const root = new URL('..', import.meta.url).pathname;\n",
    });
    expect(offences(root)).toEqual([]);
  });

  it('reads the link: paths of the lockfile from the package they belong to', () => {
    const root = tree({
      'pnpm-lock.yaml': [
        "lockfileVersion: '9.0'",
        'importers:',
        '  apps/web:',
        '    dependencies:',
        "      '@inkstone/core':",
        `        version: link:${up(2)}packages/core`,
        '  bench:',
        '    devDependencies:',
        "      '@inkstone/core':",
        `        version: link:${up(1)}packages/core`,
        "      'corpus':",
        `        version: link:${up(2)}shared/corpus`,
      ].join('\n'),
    });
    expect(offences(root)).toEqual([
      {
        file: 'pnpm-lock.yaml',
        line: 12,
        reason: `"${up(2)}" climbs above the repository root from bench/`,
      },
    ]);
  });

  it('skips binary files', () => {
    const root = tree({ 'docs/image.png': `\u0000PNG ${up(5)}shared` });
    expect(offences(root)).toEqual([]);
  });

  it('lists the files git tracks and the new ones it does not ignore', () => {
    const root = tree({
      '.gitignore': 'dist/\n',
      'tracked.md': 'x\n',
      'new.md': 'y\n',
      'dist/built.js': `'${up(9)}'\n`,
    });
    const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    git('init', '-q');
    git('add', 'tracked.md', '.gitignore');
    expect(listFiles(root)).toEqual(['.gitignore', 'new.md', 'tracked.md']);
  });

  it('fails, naming file and line, when run as the test command runs it', () => {
    const root = tree({
      'package.json': '{}\n',
      'docs/ok.md': 'Nothing outside.\n',
      'docs/how-to/bad.md': `Read from \`${up(3)}shared/bench-corpus\`.\n`,
    });
    mkdirSync(join(root, 'scripts'));
    copyFileSync(
      fileURLToPath(new URL('./check-self-contained.mjs', import.meta.url)),
      join(root, 'scripts/check-self-contained.mjs'),
    );
    const run = () =>
      spawnSync(process.execPath, ['scripts/check-self-contained.mjs'], {
        cwd: root,
        encoding: 'utf8',
      });
    const failed = run();
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain(
      `docs/how-to/bad.md:1: "${up(3)}" climbs above the repository root from docs/how-to/`,
    );
    expect(failed.stdout).toContain('1 reference(s) outside the repository in 1 of 4 files.');

    writeFileSync(join(root, 'docs/how-to/bad.md'), 'Read from `bench/corpus`.\n');
    const passed = run();
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('4 files checked: none names a path outside the repository.');
  });
});

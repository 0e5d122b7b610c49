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
// The folders beside the checkout that the corpus and the spec used to be read from.
const CORPUS = ['shared', 'bench-corpus'].join('/');
const SPEC = ['shared', 'spec'].join('/');
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

// `'..', '..'`: parent steps given to join(…) one argument each.
const dots = (steps) => Array.from({ length: steps }, () => "'..'").join(', ');
const climbs = (text, from) => `"${text}" climbs above the repository root from ${from}/`;

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
        `const corpus = fileURLToPath(new URL('${up(4)}${CORPUS}/', import.meta.url));`,
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
      'README.md': `Providers come next (see \`${up(1)}${SPEC}/\`).\n`,
      'docs/reference/choices.md': `The spec (\`${up(1)}${SPEC}/\`) leaves things open.\n`,
      'docs/how-to/run.md': `Line one.\n\nThe corpus is read from \`${up(2)}${CORPUS}\`.\n`,
      'docs/how-to/far.md': `Or from \`${up(3)}${CORPUS}\`.\n`,
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

  it('adds up parent steps given to join, resolve and new URL, one argument each or many', () => {
    const root = tree({
      'packages/markdown/src/corpus.test.ts': [
        "import { dirname, join } from 'node:path';",
        'const here = dirname(fileURLToPath(import.meta.url));',
        `const corpus = join(here, ${dots(4)}, 'shared', 'bench-corpus');`,
        `const fine = join(here, ${dots(3)}, 'bench', 'corpus');`,
      ].join('\n'),
      'packages/markdown/src/far.test.ts': [
        '// As Prettier writes a call too long for one line: the line where it starts.',
        'const corpusFolder = path.resolve(',
        '  import.meta.dirname,',
        `  '${up(1)}..',`,
        `  ${dots(2)},`,
        "  'shared',",
        ');',
      ].join('\n'),
      'bench/src/corpus.ts': [
        `const base = new URL('${up(2)}', import.meta.url);`,
        `const corpus = new URL('bench/corpus/', base);`,
        `const spec = new URL('${up(1)}${SPEC}/', base);`,
      ].join('\n'),
      'e2e/tests/paths.spec.ts': [
        `const repository = fileURLToPath(new URL('${up(2).slice(0, -1)}', import.meta.url));`,
        `const parent = resolve(__dirname, ${dots(2)});`,
        `const above = join(dirname(dirname(__dirname)), ${dots(1)});`,
        `const unknown = join(folder, ${dots(9)});`,
        `const above = fileURLToPath(new URL('${up(3).slice(0, -1)}', import.meta.url));`,
      ].join('\n'),
    });
    expect(offences(root)).toEqual([
      {
        file: 'bench/src/corpus.ts',
        line: 3,
        reason: climbs(`new URL('${up(1)}${SPEC}/', base)`, '.'),
      },
      {
        file: 'e2e/tests/paths.spec.ts',
        line: 3,
        reason: climbs(`join(dirname(dirname(__dirname)), ${dots(1)})`, '.'),
      },
      {
        file: 'e2e/tests/paths.spec.ts',
        line: 5,
        reason: climbs(up(3).slice(0, -1), 'e2e/tests'),
      },
      {
        file: 'packages/markdown/src/corpus.test.ts',
        line: 3,
        reason: climbs(`join(here, ${dots(4)}, 'shared', 'bench-corpus')`, 'packages/markdown/src'),
      },
      {
        file: 'packages/markdown/src/far.test.ts',
        line: 2,
        reason: climbs(
          `path.resolve( import.meta.dirname, '${up(1)}..', ${dots(2)}, 'shared', )`,
          'packages/markdown/src',
        ),
      },
    ]);
  });

  it('follows parent steps after a folder named in a template literal or a shell word', () => {
    const root = tree({
      'packages/markdown/src/corpus.test.ts': [
        'const here = dirname(fileURLToPath(import.meta.url));',
        `const corpus = \`\${here}/${up(4)}${CORPUS}/doc-10k.md\`;`,
        `const fine = \`\${here}/${up(3)}bench/corpus/doc-10k.md\`;`,
        `const unknown = \`\${folder}/${up(9)}x\`;`,
      ].join('\n'),
      'scripts/bench.sh': [
        `root=$(cd "$(dirname "$0")/${up(1).slice(0, -1)}" && pwd)`,
        `cp "$root/${up(1)}${CORPUS}/doc-10k.md" /tmp/`,
        `cat "$(dirname "$0")/${up(2)}${SPEC}/core.md"`,
        `cat "\${root}/bench/corpus/doc-10k.md" "$(dirname "$0")/${up(1)}docs/spec/core.md"`,
        `ls "$(git rev-parse --show-toplevel)/${up(1)}"`,
      ].join('\n'),
      '.ci/run': `cd "$(dirname "$0")/${up(1).slice(0, -1)}" || exit 1\n`,
    });
    expect(offences(root)).toEqual([
      {
        file: 'packages/markdown/src/corpus.test.ts',
        line: 2,
        reason: climbs(`\${here}/${up(4)}${CORPUS}/doc-10k.md`, 'packages/markdown/src'),
      },
      {
        file: 'scripts/bench.sh',
        line: 2,
        reason: climbs(`$root/${up(1)}${CORPUS}/doc-10k.md`, '.'),
      },
      {
        file: 'scripts/bench.sh',
        line: 3,
        reason: climbs(`$(dirname "$0")/${up(2)}${SPEC}/core.md`, 'scripts'),
      },
      {
        file: 'scripts/bench.sh',
        line: 5,
        reason: climbs(`$(git rev-parse --show-toplevel)/${up(1)}`, '.'),
      },
    ]);
  });

  it('finds the home folder’s shared folder and the neighbours’ names written anywhere', () => {
    const HOME = ['~', 'shared'].join('/');
    const fromHome = ['join(homedir()', "'shared'", "'corpus');"].join(', ');
    const root = tree({
      'scripts/fetch.sh': `cp -r ${HOME}/x .\ncp "$HOME/${'shared'}/y" .\n`,
      'bench/src/corpus.ts': `const corpus = ${fromHome}\n`,
      'docs/how-to/corpus.md': `The corpus was kept in \`${CORPUS}\`; the spec in ${SPEC}.\n`,
      'docs/how-to/fine.md':
        'Notes in `~/notes/x`, a `shared/specs` folder, `src/shared/ids.ts`.\n',
    });
    expect(offences(root)).toEqual([
      {
        file: 'bench/src/corpus.ts',
        line: 1,
        reason: `"${fromHome.slice(0, -1)}" names a folder in the home folder, outside the repository`,
      },
      {
        file: 'docs/how-to/corpus.md',
        line: 1,
        reason: `"${CORPUS}" names a folder outside the repository (the corpus is in bench/corpus, the spec in docs/spec)`,
      },
      {
        file: 'scripts/fetch.sh',
        line: 1,
        reason: `"${HOME}" names a folder in the home folder, outside the repository`,
      },
      {
        file: 'scripts/fetch.sh',
        line: 2,
        reason: `"$HOME/${'shared'}" names a folder in the home folder, outside the repository`,
      },
    ]);
  });

  it('reads prose as prose: (..) and [..] in a top-level document are not paths', () => {
    const root = tree({
      'README.md': [
        'Arguments (..) are elided, as are items [..] and the rest (...).',
        'The `..` segment of a relative link goes up one folder.',
      ].join('\n'),
      'CONTRIBUTING.md': 'From the root, `cd ..` leaves the repository.\n',
      'scripts/up.sh': 'cd ..\n',
    });
    expect(offences(root)).toEqual([
      { file: 'CONTRIBUTING.md', line: 1, reason: '".." climbs above the repository root from ./' },
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
      'bench/src/corpus.ts': `const dir = '${WORK_FOLDER}/${CORPUS}';\n`,
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
      'docs/how-to/bad.md': `Read from \`${up(3)}${CORPUS}\`.\n`,
    });
    mkdirSync(join(root, 'scripts'));
    for (const script of [
      'check-self-contained.mjs',
      'path-expressions.mjs',
      'js-expression.mjs',
    ]) {
      copyFileSync(
        fileURLToPath(new URL(`./${script}`, import.meta.url)),
        join(root, 'scripts', script),
      );
    }
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
    expect(failed.stdout).toContain('1 reference(s) outside the repository in 1 of 6 files.');

    writeFileSync(join(root, 'docs/how-to/bad.md'), 'Read from `bench/corpus`.\n');
    const passed = run();
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('6 files checked: none names a path outside the repository.');
  });
});

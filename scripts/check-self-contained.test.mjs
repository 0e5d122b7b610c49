// The check that the repository stands alone, run on throwaway trees with planted offenders.
// The paths planted are built from parts ('..' steps, the work folder), so that this file does
// not itself name a path outside the repository.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
// `dirname(dirname(__dirname))`: the folder `steps` above the file's.
const parents = (steps) => `${'dirname('.repeat(steps)}__dirname${')'.repeat(steps)}`;
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
        `const above = join(${parents(2)}, ${dots(1)});`,
        `const unknown = join(folder, ${dots(9)});`,
        `const above = fileURLToPath(new URL('${up(3).slice(0, -1)}', import.meta.url));`,
        `const beside = join(${parents(3)}, 'notes');`,
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
        reason: climbs(`join(${parents(2)}, ${dots(1)})`, '.'),
      },
      {
        file: 'e2e/tests/paths.spec.ts',
        line: 5,
        reason: climbs(up(3).slice(0, -1), 'e2e/tests'),
      },
      {
        file: 'e2e/tests/paths.spec.ts',
        line: 6,
        reason: climbs(`join(${parents(3)}, 'notes')`, '.'),
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

  it('judges a symbolic link by where it points, never reading through it, dangling or not', () => {
    const root = tree({ 'docs/fine.md': 'Nothing outside.\n', 'bench/README.md': 'Bench.\n' });
    // Beside the checkout: the old corpus folder, with a harmless file a live link leads to.
    const beside = join(dirname(root), CORPUS);
    mkdirSync(beside, { recursive: true });
    writeFileSync(join(beside, '10k.md'), 'Plain words, no path.\n');
    const links = {
      'bench/corpus': `${up(2)}${CORPUS}`, // a live link to the folder beside the checkout
      'doc.md': `${up(1)}${CORPUS}/10k.md`, // a live link to a file there
      notes: `${up(1)}shared/notes`, // a dangling one
      'docs/corpus': `${up(1)}${CORPUS}`, // inside, into a shared folder the repository lacks
      'docs/spec': '/opt/inkstone/spec', // absolute
      'docs/latest.md': 'fine.md', // inside, to a file of the repository: fine
    };
    for (const [path, target] of Object.entries(links)) symlinkSync(target, join(root, path));
    const all = ['bench/README.md', ...Object.keys(links), 'docs/fine.md'].sort();
    // Listed whether they lead anywhere or not, outside a git work tree and in one.
    expect(listFiles(root)).toEqual(all);
    const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    expect(listFiles(root)).toEqual(all);
    const link = (target, what) => `a symbolic link to "${target}", ${what}`;
    expect(findOutsideReferences(root)).toEqual([
      {
        file: 'bench/corpus',
        line: 1,
        reason: link(links['bench/corpus'], 'which climbs above the repository root from bench/'),
        text: links['bench/corpus'],
      },
      {
        file: 'doc.md',
        line: 1,
        reason: link(links['doc.md'], 'which climbs above the repository root from ./'),
        text: links['doc.md'],
      },
      {
        file: 'docs/corpus',
        line: 1,
        reason: link(links['docs/corpus'], 'a shared folder the repository does not have'),
        text: links['docs/corpus'],
      },
      {
        file: 'docs/spec',
        line: 1,
        reason: link('/opt/inkstone/spec', 'an absolute path, outside the repository'),
        text: '/opt/inkstone/spec',
      },
      {
        file: 'notes',
        line: 1,
        reason: link(links.notes, 'which climbs above the repository root from ./'),
        text: links.notes,
      },
    ]);
  });

  it('follows a quoted shell base, a default value and steps added to a folder in JS', () => {
    const root = tree({
      'scripts/a.sh': [
        'root=$(git rev-parse --show-toplevel)',
        `ls "$root"/${up(1)}shared`,
        `cat "$(dirname "$0")"/${up(2)}shared/x`,
        `cat "\${CORPUS_DIR:-${up(2)}shared/notes}/x.md"`,
        `ls "$root"/docs "$(dirname "$0")"/${up(1)}docs "\${DOCS:-${up(1)}docs}"`,
      ].join('\n'),
      'packages/markdown/test/a.test.mjs': [
        'const here = dirname(fileURLToPath(import.meta.url));',
        `readFileSync(__dirname + '/${up(4)}shared/notes.md');`,
        `readFileSync(here + \`/${up(4)}notes.md\`);`,
        `const top = join(__dirname, ${dots(2)});`,
        `readFileSync(top + '/${up(1)}shared/x');`,
        `readFileSync(here + '/${up(1)}fixtures/x.md', dirname(here) + '/${up(2)}bench/x');`,
        `readFileSync(${parents(4)} + '/shared/notes.md');`,
      ].join('\n'),
    });
    expect(offences(root)).toEqual([
      {
        file: 'packages/markdown/test/a.test.mjs',
        line: 2,
        reason: climbs(`__dirname + '/${up(4)}shared/notes.md'`, 'packages/markdown/test'),
      },
      {
        file: 'packages/markdown/test/a.test.mjs',
        line: 3,
        reason: climbs(`here + \`/${up(4)}notes.md\``, 'packages/markdown/test'),
      },
      {
        file: 'packages/markdown/test/a.test.mjs',
        line: 5,
        reason: `"top + '/${up(1)}shared/x'" names a folder the repository does not have`,
      },
      {
        file: 'packages/markdown/test/a.test.mjs',
        line: 7,
        reason: climbs(`${parents(4)} + '/shared/notes.md'`, '.'),
      },
      { file: 'scripts/a.sh', line: 2, reason: climbs(`"$root"/${up(1)}shared`, '.') },
      {
        file: 'scripts/a.sh',
        line: 3,
        reason: climbs(`"$(dirname "$0")"/${up(2)}shared/x`, 'scripts'),
      },
      {
        file: 'scripts/a.sh',
        line: 4,
        reason: `"${up(2)}" climbs above the repository root from scripts/`,
      },
    ]);
  });

  it('reads the other spellings of join and resolve: path.posix, require, namespaces, aliases', () => {
    const root = tree({
      'packages/markdown/test/b.test.mjs': [
        "import * as p from 'node:path';",
        "import { join as joinPath, resolve as resolvePath } from 'node:path';",
        `const a = path.posix.join(__dirname, ${dots(4)}, 'notes');`,
        `const b = require('node:path').join(__dirname, ${dots(4)}, 'notes');`,
        `const c = p.join(__dirname, ${dots(4)}, 'notes');`,
        `const d = joinPath(__dirname, ${dots(4)}, 'notes');`,
        `const e = resolvePath(__dirname, ${dots(3)}, 'bench', 'corpus');`,
        `const f = p.win32.resolve(__dirname, ${dots(3)}, 'docs');`,
        "const g = lines.join('\\n') + parts.join(', ');",
      ].join('\n'),
    });
    const call = (text) => climbs(text, 'packages/markdown/test');
    expect(offences(root)).toEqual(
      [
        [3, `path.posix.join(__dirname, ${dots(4)}, 'notes')`],
        [4, `require('node:path').join(__dirname, ${dots(4)}, 'notes')`],
        [5, `p.join(__dirname, ${dots(4)}, 'notes')`],
        [6, `joinPath(__dirname, ${dots(4)}, 'notes')`],
      ].map(([line, text]) => ({
        file: 'packages/markdown/test/b.test.mjs',
        line,
        reason: call(text),
      })),
    );
  });

  it('finds a step up into a shared folder the repository lacks, one argument at a time', () => {
    const root = tree({
      'packages/markdown/src/c.ts': [
        'const here = dirname(fileURLToPath(import.meta.url));',
        `const notes = join(here, ${dots(3)}, 'shared', 'notes.md');`,
        `const ids = join(here, 'conformance', ${dots(1)}, 'shared', 'ids.ts');`,
      ].join('\n'),
      'packages/markdown/src/shared/ids.ts': 'export const id = 1;\n',
    });
    expect(offences(root)).toEqual([
      {
        file: 'packages/markdown/src/c.ts',
        line: 2,
        reason: `"join(here, ${dots(3)}, 'shared', 'notes.md')" names a folder the repository does not have`,
      },
    ]);
  });

  it('finds the names of every folder and file beside the checkout', () => {
    const beside = ['DESIGN.md', 'CONVENTIONS.md', 'hooks'].map((name) => `shared/${name}`);
    const root = tree({
      'docs/how-to/design.md': `Read \`${beside[0]}\`, then ${beside[1]}.\n`,
      'scripts/hooks.sh': `cp -r "$NOTES"/${beside[2]}/pre-commit .git/hooks/\n`,
    });
    expect(offences(root)).toEqual([
      {
        file: 'docs/how-to/design.md',
        line: 1,
        reason: `"${beside[0]}" names a file outside the repository (the design is docs/design.md, the conventions docs/conventions.md)`,
      },
      {
        file: 'scripts/hooks.sh',
        line: 1,
        reason: `"${beside[2]}" names a folder outside the repository (the repository needs nothing beside it)`,
      },
    ]);
  });

  it('in code, reports a step up into shared from a base it cannot read; prose is left alone', () => {
    const UP = '..';
    const SHARED = 'shared';
    const root = tree({
      'scripts/c.sh': [
        `cat "$PWD/${UP}/${SHARED}/x"`,
        `cd "$(pwd)"/${UP}/${SHARED} || exit 1`,
        `cat "$PWD/${UP}/${SHARED}-notes/x" "$PWD/${UP}/sharedness"`,
      ].join('\n'),
      'apps/web/src/editor/d.ts': [
        `import { id } from '${UP}/${SHARED}/ids';`,
        `readFileSync(process.cwd() + '/${UP}/${SHARED}/x');`,
        `spawn('ls', [base, '${UP}', '${SHARED}']);`,
        `const fine = join(__dirname, '${UP}', '${SHARED}', 'ids.ts');`,
        `spawn("ls", [base, "${UP}",`,
        `  "${SHARED}"]);`,
      ].join('\n'),
      'apps/web/src/shared/ids.ts': 'export const id = 1;\n',
      'docs/how-to/layout.md': `Beside it, \`$PWD/${UP}/${SHARED}\` held the notes.\n`,
    });
    const blind = (text) =>
      `"${text}" steps up into a shared folder from a base the check cannot read`;
    expect(offences(root)).toEqual([
      { file: 'apps/web/src/editor/d.ts', line: 2, reason: blind(`${UP}/${SHARED}/x`) },
      { file: 'apps/web/src/editor/d.ts', line: 3, reason: blind(`'${UP}', '${SHARED}'`) },
      { file: 'apps/web/src/editor/d.ts', line: 5, reason: blind(`"${UP}", "${SHARED}"`) },
      { file: 'scripts/c.sh', line: 1, reason: blind(`${UP}/${SHARED}/x`) },
      { file: 'scripts/c.sh', line: 2, reason: blind(`${UP}/${SHARED}`) },
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
      'path-bases.mjs',
      'path-names.mjs',
      'link-target.mjs',
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
    expect(failed.stdout).toContain('1 reference(s) outside the repository in 1 of 9 files.');

    writeFileSync(join(root, 'docs/how-to/bad.md'), 'Read from `bench/corpus`.\n');
    const passed = run();
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('9 files checked: none names a path outside the repository.');
  });
});

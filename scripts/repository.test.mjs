// What the repository promises about itself: one version and one licence for every package, and
// a Dockerfile that follows the workspace (the Node.js of .nvmrc, every package's manifest in the
// cached install layer, the dependencies fetched before anything but the lockfile is read, a
// build context that holds what the build copies and not the docs, tests and corpus).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dockerContextFiles, isIgnored, parseDockerignore } from './docker-context.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const rootPackage = JSON.parse(read('package.json'));

/** The workspace's package folders, as pnpm-workspace.yaml lists them (`dir` or `dir/*`). */
function workspacePackages() {
  const globs = [...read('pnpm-workspace.yaml').matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1]);
  return globs
    .flatMap((glob) =>
      glob.endsWith('/*')
        ? readdirSync(join(root, glob.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${glob.slice(0, -2)}/${entry.name}`)
        : [glob],
    )
    .filter((folder) => existsSync(join(root, folder, 'package.json')))
    .sort();
}

/** The Dockerfile's stages: each `{ name, lines }`, its instructions joined across `\`. */
function dockerStages() {
  const instructions = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => /^[A-Z]+ /.test(line));
  const stages = [];
  for (const line of instructions) {
    const from = /^FROM \S+(?: AS (\S+))?/.exec(line);
    if (from) stages.push({ name: from[1] ?? '', lines: [] });
    else stages.at(-1).lines.push(line);
  }
  return stages;
}

describe('the repository', () => {
  it('lists the packages the workspace has', () => {
    expect(workspacePackages()).toEqual(
      expect.arrayContaining(['apps/server', 'apps/web', 'packages/core', 'packages/markdown']),
    );
  });

  it('gives every package the root version and the MIT licence of LICENSE', () => {
    expect(rootPackage.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('LICENSE')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the Inkstone contributors\n/,
    );
    const manifests = ['.', ...workspacePackages()].map((folder) => {
      const { name, version, license } = JSON.parse(read(join(folder, 'package.json')));
      return { name, version, license };
    });
    for (const manifest of manifests) {
      expect(manifest).toEqual({
        name: manifest.name,
        version: rootPackage.version,
        license: 'MIT',
      });
    }
  });

  it('builds its image on the Node.js LTS that .nvmrc recommends, within package.json engines', () => {
    const lts = read('.nvmrc').trim();
    const froms = [...read('Dockerfile').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    // The pnpm version's stage, the build's and the image's.
    expect(froms).toEqual([
      `node:${lts}-trixie-slim`,
      `node:${lts}-trixie-slim`,
      `node:${lts}-trixie-slim`,
    ]);
    // Past the start of the range's open-ended part (`>=22.13.0`).
    const floor = /(?:^|\|\|)\s*>=\s*(\d+)[.\d]*\s*$/.exec(rootPackage.engines.node)[1];
    expect(Number(lts)).toBeGreaterThanOrEqual(Number(floor));
  });

  it('installs the dependencies in the image before copying the code, from every manifest', () => {
    const lines = read('Dockerfile').split('\n');
    const at = (pattern) => lines.findIndex((line) => pattern.test(line));
    const install = at(/pnpm install --frozen-lockfile --offline/);
    const code = at(/^COPY \. \.$/);
    expect(at(/^RUN pnpm fetch$/)).toBeGreaterThan(at(/^COPY pnpm-lock\.yaml /));
    expect(install).toBeGreaterThan(at(/^RUN pnpm fetch$/));
    expect(code).toBeGreaterThan(install);
    const copied = lines
      .slice(0, install)
      .map((line) => /^COPY (\S+)\/package\.json /.exec(line)?.[1])
      .filter(Boolean)
      .sort();
    expect(copied).toEqual(workspacePackages());
  });

  it('fetches the dependencies before it reads package.json, whose pnpm version has a stage of its own', () => {
    const [version, build] = dockerStages();
    // The version stage reads package.json alone and writes the version alone: its output, what
    // the build stage copies, changes only with the version.
    expect(version.name).toBe('pnpm-version');
    expect(version.lines[0]).toBe('COPY package.json /tmp/');
    const write = /^RUN node -p "([^"]+)" > (\S+)$/.exec(version.lines[1]);
    const printed = spawnSync(
      process.execPath,
      ['-p', write[1].replace('/tmp/package.json', join(root, 'package.json'))],
      { encoding: 'utf8' },
    );
    expect(printed.stdout.trim()).toBe(rootPackage.packageManager.split('@')[1]);
    const at = (pattern) => build.lines.findIndex((line) => pattern.test(line));
    expect(build.lines[at(/^COPY --from=pnpm-version /)]).toBe(
      `COPY --from=pnpm-version ${write[2]} /tmp/pnpm-version`,
    );
    expect(at(/npm install -g "pnpm@\$\(cat \/tmp\/pnpm-version\)"/)).toBeGreaterThan(
      at(/^COPY --from=pnpm-version /),
    );
    // pnpm fetch reads only the lockfile and what it names: a new script in package.json fetches
    // nothing again.
    const fetch = at(/^RUN pnpm fetch$/);
    expect(build.lines.slice(0, fetch).filter((line) => line.startsWith('COPY'))).toEqual([
      'COPY --from=pnpm-version /pnpm-version /tmp/pnpm-version',
      'COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./',
      'COPY patches ./patches',
    ]);
    expect(at(/^COPY package\.json \.\/$/)).toBeGreaterThan(fetch);
    expect(at(/^COPY package\.json \.\/$/)).toBeLessThan(at(/pnpm install --frozen-lockfile/));
  });

  it('sends the build every file its COPY lines name, and not the docs, tests or corpus', () => {
    const context = dockerContextFiles(root);
    const copied = dockerStages()
      .flatMap(({ lines }) => lines)
      .filter((line) => line.startsWith('COPY ') && !line.startsWith('COPY --from'))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(copied.length).toBeGreaterThan(5);
    for (const source of copied) {
      const path = source === '.' ? '' : source.replace(/^\.\//, '').replace(/\/$/, '');
      const found = context.some(
        (file) => path === '' || file === path || file.startsWith(`${path}/`),
      );
      expect(found, source).toBe(true);
    }
    // What the build reads: the packages' code and settings, the patches, the shared settings.
    for (const file of [
      'tsconfig.base.json',
      'turbo.json',
      'apps/web/next.config.ts',
      'apps/web/src/app/layout.tsx',
      'apps/server/src/main.ts',
      'apps/server/tsconfig.build.json',
      'packages/core/src/index.ts',
      'packages/markdown/src/index.ts',
    ]) {
      expect(context, file).toContain(file);
    }
    const left = (prefix) => context.filter((file) => file.startsWith(prefix));
    expect(left('docs/')).toEqual([]);
    expect(left('e2e/')).toEqual(['e2e/package.json']);
    expect(left('bench/')).toEqual(['bench/package.json']);
    expect(left('scripts/')).toEqual([]);
    expect(context.filter((file) => /\.test\.(ts|tsx|mjs)$/.test(file))).toEqual([]);
    expect(context.filter((file) => file.endsWith('.md'))).toEqual([]);
  });
});

describe('reading .dockerignore as Docker does', () => {
  const ignored = (text, files) => files.filter((file) => isIgnored(parseDockerignore(text), file));

  it('reads the examples of Docker’s documentation', () => {
    const files = ['a/temp.txt', 'a/b/temp.txt', 'tempa', 'temp/x', 'b/tempo/x', 'x/temp'];
    expect(ignored('# comment\n*/temp*\n', files)).toEqual(['a/temp.txt', 'b/tempo/x', 'x/temp']);
    expect(ignored('*/*/temp*', files)).toEqual(['a/b/temp.txt']);
    expect(ignored('temp?', files)).toEqual(['tempa']);
    expect(ignored('**/*.go', ['a.go', 'a/b/c.go', 'a/go'])).toEqual(['a.go', 'a/b/c.go']);
    const readmes = ['README.md', 'README-secret.md', 'notes.md', 'README-x.md'];
    expect(ignored('*.md\n!README*.md\nREADME-secret.md', readmes)).toEqual([
      'README-secret.md',
      'notes.md',
    ]);
    expect(ignored('*.md\nREADME-secret.md\n!README*.md', readmes)).toEqual(['notes.md']);
  });

  it('leaves out a folder’s files, and takes back the files an exception names', () => {
    const files = ['e2e/package.json', 'e2e/tests/a.spec.ts', 'e2e/x.ts', 'e2ex/y', '/abs'];
    expect(ignored('e2e/*\n!e2e/package.json', files)).toEqual(['e2e/tests/a.spec.ts', 'e2e/x.ts']);
    expect(ignored('/e2e/', files)).toEqual([
      'e2e/package.json',
      'e2e/tests/a.spec.ts',
      'e2e/x.ts',
    ]);
    expect(
      ignored('**/node_modules', ['node_modules/a', 'apps/web/node_modules/b/c', 'nm']),
    ).toEqual(['node_modules/a', 'apps/web/node_modules/b/c']);
  });
});

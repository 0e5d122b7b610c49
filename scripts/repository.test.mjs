// What the repository promises about itself: one version and one licence for every package, and
// a Dockerfile that follows the workspace (the Node.js of .nvmrc, every package's manifest in the
// cached install layer).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
    expect(froms).toEqual([`node:${lts}-trixie-slim`, `node:${lts}-trixie-slim`]);
    const floor = /^>=\s*(\d+)/.exec(rootPackage.engines.node)[1];
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
});

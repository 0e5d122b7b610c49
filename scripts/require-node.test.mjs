// start.sh and test.sh on a machine whose Node.js is too old: they stop first, before installing
// anything, and say which version is needed, which one ran and where to get the right one.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const lts = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
// The versions the project runs on, as the messages say them: those that load an ES module with
// require() unflagged (the server's @fastify/static needs it: 20.19, 22.12) and that the test
// toolchain declares (vite 8: 20.19 or 22.12; jsdom 29: 20.19 or 22.13).
const NEEDS = '20.19 or a later 20.x, or 22.13 or later';
const folders = [];

/** A folder of fake commands to put first on PATH: `node` answering `--version` with `version`
 * (none when null), and the installers, which leave a mark in `ran` if anything calls them. */
function fakeBin(version) {
  const bin = mkdtempSync(join(tmpdir(), 'inkstone-node-'));
  folders.push(bin);
  const script = (name, body) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  if (version !== null) script('node', `echo v${version}`);
  for (const name of ['pnpm', 'npx', 'npm', 'apt-get', 'sudo']) {
    script(name, `echo ${name} "$@" >> "${join(bin, 'ran')}"`);
  }
  return bin;
}

function run(script, bin, path = `${bin}:${process.env.PATH}`, env = {}) {
  return spawnSync('/bin/bash', [join(root, 'scripts', script)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env, PATH: path },
    timeout: 30_000,
  });
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the Node.js version check', () => {
  it.each([
    ['start.sh', '18.19.0'],
    ['test.sh', '18.19.0'],
    // Next.js runs on these, but not the server (an ES module loaded with require()) nor Vitest.
    ['start.sh', '20.18.3'],
    ['test.sh', '20.18.3'],
    ['test.sh', '22.11.0'],
  ])(
    '%s stops at once under Node.js %s, saying what it needs and where to get it',
    (script, version) => {
      const bin = fakeBin(version);
      const result = run(script, bin);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `Inkstone needs Node.js ${NEEDS}, but this is Node.js ${version} (${bin}/node).`,
      );
      expect(result.stderr).toContain(`Install the current LTS, Node.js ${lts}`);
      expect(result.stderr).toContain('https://nodejs.org/en/download');
      // Nothing was installed, built or started.
      expect(existsSync(join(bin, 'ran'))).toBe(false);
      if (script === 'test.sh')
        expect(result.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    },
  );

  it('lets through 20.19 and later 20.x, and 22.13 and later, to the patch', () => {
    const verdicts = {};
    for (const version of [
      '20.9.0',
      '20.18.99',
      '20.19.0',
      '20.20.2',
      '21.7.3',
      '22.0.0',
      '22.12.99',
      '22.13.0',
      '23.0.0',
      '24.1.0',
      `${lts}.0.0`,
      '100.0.0',
    ]) {
      const result = run('require-node.sh', fakeBin(version));
      verdicts[version] = result.status === 0 && result.stderr === '' ? 'runs' : 'stops';
    }
    expect(verdicts).toEqual({
      '20.9.0': 'stops',
      '20.18.99': 'stops',
      '20.19.0': 'runs',
      '20.20.2': 'runs',
      '21.7.3': 'stops',
      '22.0.0': 'stops',
      '22.12.99': 'stops',
      '22.13.0': 'runs',
      '23.0.0': 'runs',
      '24.1.0': 'runs',
      [`${lts}.0.0`]: 'runs',
      '100.0.0': 'runs',
    });
  });

  it('says so when there is no node command at all', () => {
    const bin = fakeBin(null);
    // Only the tools the check itself uses, so that the machine's own node is not found.
    for (const tool of ['dirname', 'sed', 'head', 'tr']) {
      const found = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
      symlinkSync(found.stdout.trim(), join(bin, tool));
    }
    const result = run('require-node.sh', bin, bin);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Inkstone needs Node.js ${NEEDS}, and no node command was found on PATH.`,
    );
    expect(result.stderr).toContain(`nvm install ${lts}`);
  });

  it('lets the Node.js running these tests through', () => {
    const result = run('require-node.sh', fakeBin(process.versions.node));
    expect(result.status).toBe(0);
  });
});

describe("test.sh's Debian packages", () => {
  /** A PATH of fake commands and the few real tools the scripts use: PostgreSQL's commands,
   * but no pandoc, pdftotext or unzip; apt-get's install fails when `failInstall`. (Chromium is
   * named by CHROMIUM_PATH, so that whatever this machine has makes no difference.) */
  function machineWithout(failInstall) {
    const bin = fakeBin(process.versions.node);
    const mark = join(bin, 'ran');
    writeFileSync(
      join(bin, 'apt-get'),
      `#!/bin/sh\necho apt-get "$@" >> "${mark}"\n` +
        (failInstall ? '[ "$1" = install ] && exit 100\n' : '') +
        'exit 0\n',
    );
    for (const name of ['initdb', 'pg_ctl', 'postgres']) {
      writeFileSync(join(bin, name), '#!/bin/sh\n');
      chmodSync(join(bin, name), 0o755);
    }
    // As root or not: sudo runs what it is given.
    writeFileSync(join(bin, 'sudo'), '#!/bin/sh\nexec "$@"\n');
    // The packages' install fails, so that test.sh stops before the tests.
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\necho npx "$@" >> "${mark}"\nexit 1\n`);
    for (const tool of ['bash', 'dirname', 'sed', 'head', 'tr', 'id', 'cat', 'grep', 'cut']) {
      const found = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
      if (found.stdout.trim()) symlinkSync(found.stdout.trim(), join(bin, tool));
    }
    return bin;
  }
  const ran = (bin) =>
    existsSync(join(bin, 'ran')) ? readFileSync(join(bin, 'ran'), 'utf8').trim().split('\n') : [];

  it('installs every missing package with one update and one install, then the packages', () => {
    const bin = machineWithout(false);
    const result = run('test.sh', bin, bin, { CHROMIUM_PATH: '/usr/bin/chromium' });
    expect(result.stdout).toContain(
      "Installing Debian's pandoc poppler-utils unzip for the tests…",
    );
    const calls = ran(bin);
    expect(calls.filter((line) => line.startsWith('apt-get'))).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq pandoc poppler-utils unzip',
    ]);
    expect(calls.at(-1)).toMatch(/^npx --yes pnpm@\S+ install --frozen-lockfile$/);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  });

  it('stops with the packages it could not install named, before installing anything else', () => {
    const bin = machineWithout(true);
    const result = run('test.sh', bin, bin, { CHROMIUM_PATH: '/usr/bin/chromium' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('Could not install pandoc poppler-utils unzip.');
    expect(ran(bin).some((line) => line.startsWith('npx'))).toBe(false);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  });
});

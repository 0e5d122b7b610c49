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
const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const floor = /^>=\s*([\d.]+)$/.exec(engines)[1];
const lts = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
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

function run(script, bin, path = `${bin}:${process.env.PATH}`) {
  return spawnSync('/bin/bash', [join(root, 'scripts', script)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: path },
    timeout: 30_000,
  });
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the Node.js version check', () => {
  it.each(['start.sh', 'test.sh'])(
    '%s stops at once under Node.js 18, saying what it needs and where to get it',
    (script) => {
      const bin = fakeBin('18.19.0');
      const result = run(script, bin);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `Inkstone needs Node.js ${floor} or later, but this is Node.js 18.19.0 (${bin}/node).`,
      );
      expect(result.stderr).toContain(`Install the current LTS, Node.js ${lts}`);
      expect(result.stderr).toContain('https://nodejs.org/en/download');
      // Nothing was installed, built or started.
      expect(existsSync(join(bin, 'ran'))).toBe(false);
      if (script === 'test.sh')
        expect(result.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    },
  );

  it('takes the floor of package.json to the patch: just below fails, the floor itself passes', () => {
    const [major, minor] = floor.split('.');
    const below = run('require-node.sh', fakeBin(`${major}.${Number(minor) - 1}.99`));
    expect(below.status).toBe(1);
    expect(below.stderr).toContain(`but this is Node.js ${major}.${Number(minor) - 1}.99`);
    for (const version of [`${floor}.0`, `${major}.${minor}.1`, `${lts}.0.0`, '100.0.0']) {
      const ok = run('require-node.sh', fakeBin(version));
      expect({ version, status: ok.status, stderr: ok.stderr }).toEqual({
        version,
        status: 0,
        stderr: '',
      });
    }
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
      `Inkstone needs Node.js ${floor} or later, and no node command was found on PATH.`,
    );
    expect(result.stderr).toContain(`nvm install ${lts}`);
  });

  it('lets the Node.js running these tests through', () => {
    const result = run('require-node.sh', fakeBin(process.versions.node));
    expect(result.status).toBe(0);
  });
});

// The test command's lint and typecheck (scripts/lint-and-typecheck.mjs): one TypeScript
// program per project serves both tsc's checks and ESLint's typed rules, and a fault of either
// kind fails the check, named in its output and counted in its result file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'inkstone-lint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const check = (...args) =>
  spawnSync(process.execPath, ['scripts/lint-and-typecheck.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });

describe('lint and typecheck with one program', () => {
  it('reports a type error and an unawaited promise, fails, and counts each', () => {
    const result = join(folder, 'result.json');
    const run = check(
      '--result',
      result,
      '--project',
      'scripts/fixtures/typed-lint',
      'tsconfig.json',
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("Type 'string' is not assignable to type 'number'.");
    expect(run.stdout).toMatch(/faults\.ts\(3,14\): error TS2322/);
    expect(run.stdout).toMatch(/8:3\s+error\s+Promises must be awaited.*no-floating-promises/);
    expect(run.stdout).not.toContain('clean.ts');
    const [entry] = JSON.parse(readFileSync(result, 'utf8'));
    expect(entry).toMatchObject({
      dir: 'scripts/fixtures/typed-lint',
      typeErrors: 1,
      lintErrors: 1,
      lintWarnings: 0,
    });
  });

  it('refuses a folder that is not one of the packages, saying which are', () => {
    const run = check('packages/nowhere');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Not a package with a TypeScript project: packages/nowhere.');
    expect(run.stderr).toContain('packages/core');
  });

  it('refuses --project without its folder and tsconfig, saying so', () => {
    const run = check('--project', 'scripts/fixtures/typed-lint');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--project takes 2 values');
  });
});

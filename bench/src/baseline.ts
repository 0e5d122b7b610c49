import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server';

// The baseline every figure of issue 26 is printed beside: the build of an earlier commit (by
// default the last one before that issue), served by its own server in the same run, so that
// both are measured on the same machine under the same load.

/** The commit measured as the baseline unless BENCH_BASELINE_REV names another: main before the
 * long-manuscript and first-load work (issue 26). */
export const BASELINE_REV = '1af6e70498b342bdcf0a0dbbf0a53ad070c2df4e';

/** A baseline build being served. */
export interface Baseline {
  /** The short commit measured. */
  rev: string;
  /** The app's address, ending in a slash. */
  url: string;
  stop(): void;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
}

/** Where a commit's build is kept: outside the checkout (linters and the test command walk the
 * repository), under the user's cache folder. BENCH_BASELINE_DIR moves it. */
function cacheDir(sha: string): string {
  const root =
    process.env.BENCH_BASELINE_DIR ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'inkstone-bench-baseline');
  return join(root, sha);
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: '1' },
  });
  if (result.status !== 0) {
    throw new Error(`The baseline build failed: ${command} ${args.join(' ')} (in ${cwd}).`);
  }
}

/** Builds the web app and the server of commit `sha` into `dir` once: the commit's files from
 * git (no worktree left behind), its own install from its lockfile, then the build. A finished
 * build is marked by a file, so an interrupted one starts again. */
function buildOnce(sha: string, dir: string): void {
  const done = join(dir, '.inkstone-baseline-built');
  if (existsSync(done)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`Building the baseline ${sha.slice(0, 7)} once, into ${dir} (a few minutes)…`);
  const archive = spawnSync('git', ['archive', '--format=tar', sha], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) throw new Error(`git archive ${sha} failed.`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`Could not unpack ${sha} into ${dir}.`);
  const pnpm = ['bash', join(dir, 'scripts', 'pnpm.sh')] as const;
  run(pnpm[0], [pnpm[1], 'install', '--frozen-lockfile', '--prefer-offline'], dir);
  run(
    pnpm[0],
    [
      pnpm[1],
      '-r',
      '--filter',
      '@inkstone/web...',
      '--filter',
      '@inkstone/server...',
      'run',
      'build',
    ],
    dir,
  );
  writeFileSync(done, `${sha}\n`);
}

/**
 * Serves the baseline build on `port` (building it first when it is not cached), or gives
 * undefined when BENCH_BASELINE=off. BENCH_BASELINE_REV chooses another commit (any name git
 * knows).
 */
export async function startBaseline(
  port: number,
  env: Record<string, string> = {},
): Promise<Baseline | undefined> {
  if (process.env.BENCH_BASELINE === 'off') return undefined;
  const wanted = process.env.BENCH_BASELINE_REV ?? BASELINE_REV;
  let sha: string;
  try {
    sha = git('rev-parse', '--verify', `${wanted}^{commit}`);
  } catch {
    throw new Error(
      `The baseline commit ${wanted} is not in this clone (BENCH_BASELINE_REV, or BENCH_BASELINE=off to measure without it).`,
    );
  }
  const dir = cacheDir(sha);
  buildOnce(sha, dir);
  const server = await startServer(port, { RATE_LIMIT_MAX: '1000000', ...env }, dir);
  return {
    rev: sha.slice(0, 7),
    url: `http://127.0.0.1:${port}/`,
    stop: () => server.kill(),
  };
}

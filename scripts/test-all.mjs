#!/usr/bin/env node
// Runs every test suite of the repository and totals them: the check that no file reads outside
// the repository, the build, formatting, lint and typecheck of each package (one check each), the
// unit tests of each package and of the repository's scripts (vitest), and the end-to-end tests
// (Playwright in Chromium). The last line printed is "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [];
const record = (name, passed, failed, note = '') => suites.push({ name, passed, failed, note });

const started = Date.now();
function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const start = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  // How long each step takes, to keep the whole run under its 20 minutes.
  console.log(`(${((Date.now() - start) / 1000).toFixed(0)} s)`);
  return result.status ?? 1;
}

const pnpm = (...args) => run('bash', ['scripts/pnpm.sh', ...args]);

// 0. The repository stands alone: no file names a path outside it (a parent-folder chain that
// climbs above the root, an absolute path beside the checkout). One check, the count in its note.
const alone = spawnSync(process.execPath, ['scripts/check-self-contained.mjs'], {
  cwd: root,
  encoding: 'utf8',
});
process.stdout.write(alone.stdout + alone.stderr);
const offences = (alone.stdout.match(/^\S+:\d+: /gm) ?? []).length;
record(
  'stands alone (no path out)',
  alone.status === 0 ? 1 : 0,
  alone.status === 0 ? 0 : 1,
  alone.status === 0 ? '' : `${offences} reference(s) outside the repository`,
);

// 1. Build everything: one check.
const built = pnpm('exec', 'turbo', 'run', 'build', '--output-logs=errors-only') === 0;
record('build', built ? 1 : 0, built ? 0 : 1);

// 2. Formatting: one check.
const formatted = pnpm('exec', 'prettier', '--check', '.', '--log-level=warn') === 0;
record('format (prettier)', formatted ? 1 : 0, formatted ? 0 : 1);

// 3. Lint and typecheck of every package: one check per package and task.
const runsDir = join(root, '.turbo', 'runs');
const before = new Set(existsSync(runsDir) ? readdirSync(runsDir) : []);
pnpm(
  'exec',
  'turbo',
  'run',
  'lint',
  'typecheck',
  '--continue',
  '--summarize',
  '--output-logs=errors-only',
);
const summaries = existsSync(runsDir)
  ? readdirSync(runsDir)
      .filter((file) => !before.has(file) && file.endsWith('.json'))
      .sort((a, b) => statSync(join(runsDir, a)).mtimeMs - statSync(join(runsDir, b)).mtimeMs)
  : [];
if (summaries.length === 0) {
  record('lint and typecheck', 0, 1, 'no turbo summary');
} else {
  const summary = JSON.parse(readFileSync(join(runsDir, summaries.at(-1)), 'utf8'));
  for (const task of ['lint', 'typecheck']) {
    const runs = summary.tasks.filter((t) => t.task === task);
    const failed = runs.filter((t) => t.execution?.exitCode !== 0);
    record(
      task,
      runs.length - failed.length,
      failed.length,
      failed.map((t) => t.package).join(', '),
    );
  }
}

// Vitest's JSON report as a suite: passed, and failed counting files that did not run at all.
function recordVitest(name, out) {
  if (!existsSync(out)) {
    record(name, 0, 1, 'the test runner did not report');
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const crashed = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  record(
    name,
    report.numPassedTests,
    report.numFailedTests + crashed,
    crashed ? `${crashed} file(s) failed to run` : '',
  );
}

const vitestArgs = (out, args) => [
  join(root, 'scripts/pnpm.sh'),
  'exec',
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

// The core's unit tests, with the seeded fault simulations over each forge's dialect of
// forge-sim (200 seeds each) and the forges' contract suites: mostly git processes, they run
// beside the end-to-end tests, whose one browser worker leaves a core idle much of the time.
// Their report and output go to a folder of their own (the end-to-end run empties
// test-results folders), printed when they end.
const besideDir = mkdtempSync(join(tmpdir(), 'inkstone-core-tests-'));
const coreOut = join(besideDir, 'unit-core.json');
const coreLog = join(besideDir, 'unit-core.log');
function startCoreTests() {
  const log = createWriteStream(coreLog);
  const child = spawn('bash', vitestArgs(coreOut, []), {
    cwd: join(root, 'packages/core'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both streams into one log, which neither ends: vitest reports failures on stderr, after
  // its stdout may have ended.
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const start = Date.now();
  return new Promise((resolve) =>
    child.on('close', () => log.end(() => resolve((Date.now() - start) / 1000))),
  );
}

// 4. Unit tests, package by package (the core's apart, above), then the
// repository's own scripts (the self-containment check, the Node.js version check of start.sh
// and test.sh, the packages' versions and licence, the Dockerfile), which run from the root
// with scripts/ as vitest's root.
for (const [pkg, dir, args] of [
  ['@inkstone/markdown', 'packages/markdown', []],
  ['@inkstone/forge-sim', 'packages/forge-sim', []],
  ['@inkstone/cloud-sim', 'packages/cloud-sim', []],
  ['@inkstone/server', 'apps/server', []],
  ['@inkstone/web', 'apps/web', []],
  ['scripts', '.', ['--root', 'scripts']],
]) {
  const out = join(reports, `unit-${pkg.split('/').at(-1)}.json`);
  run('bash', vitestArgs(out, args), { cwd: join(root, dir) });
  recordVitest(`unit ${pkg}`, out);
}

// 5. End-to-end tests in Chromium.
const e2eReport = join(root, 'e2e', 'test-results', 'results.json');
rmSync(e2eReport, { force: true });
const coreTests = startCoreTests();
pnpm('--filter', '@inkstone/e2e', 'run', 'e2e');
if (!existsSync(e2eReport)) {
  record('end-to-end', 0, 1, 'the test runner did not report');
} else {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  record(
    'end-to-end',
    stats.expected + stats.flaky,
    stats.unexpected,
    stats.flaky ? `${stats.flaky} flaky` : '',
  );
}

// The core's unit tests, once they end.
const coreSeconds = await coreTests;
console.log('\n$ (packages/core) vitest run, beside the end-to-end tests');
process.stdout.write(existsSync(coreLog) ? readFileSync(coreLog, 'utf8') : '');
console.log(`(${coreSeconds.toFixed(0)} s)`);
recordVitest('unit @inkstone/core', coreOut);
rmSync(besideDir, { recursive: true, force: true });

console.log('\nSuites');
for (const suite of suites) {
  console.log(
    `  ${suite.name.padEnd(28)} ${String(suite.passed).padStart(4)} passed ${String(suite.failed).padStart(3)} failed  ${suite.note}`,
  );
}
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
console.log(`(all suites: ${((Date.now() - started) / 60_000).toFixed(1)} min)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

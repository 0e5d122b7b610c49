#!/usr/bin/env node
// Runs every test suite of the repository and totals them: the check that no file reads outside
// the repository, the build, formatting, lint and typecheck of each package (one check each), the
// unit tests of each package and of the repository's scripts (vitest), and the end-to-end tests
// (Playwright in Chromium). The last line printed is "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import {
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
// Each failed test, named, printed again just before the last line (CI shows the end of the
// output).
const failures = [];
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

// A word for bash: single-quoted, its own single quotes escaped.
const quote = (word) => `'${String(word).replaceAll("'", "'\\''")}'`;

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

// 1 and 2. Build everything (one check) while Prettier checks the formatting (one check).
// Prettier is one process on one core, about a minute of CPU, and the build, a chain of steps
// that each wait on the one before, leaves a core idle for much of its run; Prettier reads only
// files the build does not write (its outputs are in .gitignore and .prettierignore). Its output
// goes to a file, printed once the build ends: this script waits for the build synchronously.
const prettierLog = join(mkdtempSync(join(tmpdir(), 'inkstone-prettier-')), 'prettier.log');
const prettier = spawn(
  'bash',
  [
    '-c',
    `start=$(date +%s); bash scripts/pnpm.sh exec prettier --check . --log-level=warn > ${quote(prettierLog)} 2>&1; code=$?; echo $(( $(date +%s) - start )) > ${quote(`${prettierLog}.seconds`)}; exit $code`,
  ],
  { cwd: root, stdio: 'ignore' },
);
const prettierDone = new Promise((resolve) => prettier.on('close', (code) => resolve(code ?? 1)));
const built = pnpm('exec', 'turbo', 'run', 'build', '--output-logs=errors-only') === 0;
record('build', built ? 1 : 0, built ? 0 : 1);

const formatted = (await prettierDone) === 0;
console.log('\n$ bash scripts/pnpm.sh exec prettier --check . --log-level=warn, beside the build');
process.stdout.write(readFileSync(prettierLog, 'utf8'));
console.log(`(${readFileSync(`${prettierLog}.seconds`, 'utf8').trim()} s)`);
rmSync(join(prettierLog, '..'), { recursive: true, force: true });
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
  for (const file of report.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${name}: ${where} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(
        `${name}: ${where} (did not run: ${String(file.message ?? '').split('\n')[0]})`,
      );
    }
  }
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
  // A test's time limit catches a hang, not slowness: here two lanes share two cores, and a
  // test that takes 3 s alone can take several times that (the 5 s default failed such tests).
  '--testTimeout=60000',
  '--hookTimeout=60000',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

// 4. Unit tests, package by package, in two lanes. The web app's (jsdom, busy on both cores)
// run first, alone. The others run beside the end-to-end tests, whose one browser worker leaves a
// core idle much of the time, one after the other: the markdown renderer's spec suites, the two
// stand-ins, the server, the repository's own scripts (the self-containment check, the Node.js
// version check of start.sh and test.sh, the packages' versions and licence, the Dockerfile; run
// from the root with scripts/ as vitest's root), and last the core's, with the seeded fault
// simulations over each forge's dialect of forge-sim (200 seeds each), mostly git processes.
// Their reports and output go to a folder of their own (the end-to-end run empties
// test-results folders), printed when they end.
const besideDir = mkdtempSync(join(tmpdir(), 'inkstone-unit-tests-'));
const beside = [
  ['@inkstone/markdown', 'packages/markdown', []],
  ['@inkstone/forge-sim', 'packages/forge-sim', []],
  ['@inkstone/cloud-sim', 'packages/cloud-sim', []],
  ['@inkstone/server', 'apps/server', []],
  ['scripts', '.', ['--root', 'scripts']],
  ['@inkstone/core', 'packages/core', []],
].map(([pkg, dir, args]) => {
  const name = pkg.split('/').at(-1);
  return {
    pkg,
    dir,
    args,
    out: join(besideDir, `unit-${name}.json`),
    log: join(besideDir, `unit-${name}.log`),
  };
});
// One shell runs the lane, each suite's output straight into its log file: this script waits
// for the end-to-end run synchronously meanwhile, so nothing here may need its event loop.
function startBesideTests() {
  const script = beside
    .map(
      (suite) =>
        `start=$(date +%s); (cd ${quote(join(root, suite.dir))} && bash ${vitestArgs(suite.out, suite.args).map(quote).join(' ')}) > ${quote(suite.log)} 2>&1; echo $(( $(date +%s) - start )) > ${quote(`${suite.log}.seconds`)}`,
    )
    .join('\n');
  // (At the same priority as the end-to-end tests: under `nice -n 10` beside two browsers, tests
  // whose requests to an in-process stand-in have a time limit failed, starved.)
  const child = spawn('bash', ['-c', script], { cwd: root, stdio: 'ignore' });
  return new Promise((resolve) => child.on('close', resolve));
}

{
  const out = join(reports, 'unit-web.json');
  run('bash', vitestArgs(out, []), { cwd: join(root, 'apps/web') });
  recordVitest('unit @inkstone/web', out);
}

// The end-to-end files that took longest (their tests' durations added up), to keep the suite
// within its budget (docs/how-to/run-and-test.md, "The test command's budget").
function printSlowestFiles(report, count = 10) {
  const seconds = new Map();
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          seconds.set(file, (seconds.get(file) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title);
  const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log('\nSlowest end-to-end files (s)');
  for (const [file, total] of slowest) console.log(`  ${total.toFixed(0).padStart(5)}  ${file}`);
}

// 5. End-to-end tests in Chromium.
const e2eReport = join(root, 'e2e', 'test-results', 'results.json');
rmSync(e2eReport, { force: true });
const besideTests = startBesideTests();
pnpm('--filter', '@inkstone/e2e', 'run', 'e2e');
if (!existsSync(e2eReport)) {
  record('end-to-end', 0, 1, 'the test runner did not report');
} else {
  const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
  const { stats } = report;
  printSlowestFiles(report);
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push(`end-to-end: ${file} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title);
  record(
    'end-to-end',
    stats.expected + stats.flaky,
    stats.unexpected,
    stats.flaky ? `${stats.flaky} flaky` : '',
  );
}

// The unit tests of the other lane, once they end.
await besideTests;
for (const suite of beside) {
  console.log(`\n$ (${suite.dir}) vitest run ${suite.args.join(' ')}, beside the end-to-end tests`);
  process.stdout.write(existsSync(suite.log) ? readFileSync(suite.log, 'utf8') : '');
  const seconds = `${suite.log}.seconds`;
  console.log(`(${existsSync(seconds) ? readFileSync(seconds, 'utf8').trim() : '?'} s)`);
  recordVitest(`unit ${suite.pkg}`, suite.out);
}
rmSync(besideDir, { recursive: true, force: true });

console.log('\nSuites');
for (const suite of suites) {
  console.log(
    `  ${suite.name.padEnd(28)} ${String(suite.passed).padStart(4)} passed ${String(suite.failed).padStart(3)} failed  ${suite.note}`,
  );
}
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures.slice(0, 30)) console.log(`  ${failure}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
}
console.log(`(all suites: ${((Date.now() - started) / 60_000).toFixed(1)} min)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

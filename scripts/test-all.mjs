#!/usr/bin/env node
// Runs every test suite of the repository and totals them: the check that no file reads outside
// the repository, the build, formatting, lint and typecheck of each package (one check each), the
// unit tests of each package and of the repository's scripts (vitest), and the end-to-end tests
// (Playwright in Chromium). The last line printed is "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const suites = [];
// Each failed test, named, printed again just before the last line (CI shows the end of the
// output).
const failures = [];
const record = (name, passed, failed, note = '') => suites.push({ name, passed, failed, note });

const started = Date.now();

// CPU seconds (user + system) of the children this script has reaped, all their descendants
// included (Linux: /proc/self/stat's cutime and cstime, in clock ticks of 1/100 s); undefined
// elsewhere. Read as each child ends, the difference since the last reading is that child's CPU:
// on two cores the checks compete for the CPU, and their wall times alone do not say which costs.
function reapedCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
let cpuRead = reapedCpuSeconds();
function cpuSinceLastReap() {
  const now = reapedCpuSeconds();
  const spent = now === undefined || cpuRead === undefined ? undefined : now - cpuRead;
  cpuRead = now;
  return spent;
}
// The whole machine's busy CPU seconds (all cores: user, nice, system, interrupts, steal) and
// its core count, from /proc/stat; undefined elsewhere. The reaped CPU above misses what a
// check's processes leave behind to the system: Chromium's renderer processes, orphaned when
// their browser closes, are reaped by init, so the end-to-end tests' own figure holds about a
// third of their CPU (toolbar.spec: 25.6 s reaped against 77.5 s busy on an idle machine).
function machineCpu() {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const [, user, nice, system, , , irq, softirq, steal] = lines[0].split(/\s+/).map(Number);
    const cores = lines.filter((line) => /^cpu\d/.test(line)).length;
    return { busy: (user + nice + system + irq + softirq + steal) / 100, cores };
  } catch {
    return undefined;
  }
}
const machineAtStart = machineCpu();

const cpuText = (seconds) => (seconds === undefined ? '' : `, ${seconds.toFixed(0)} s of CPU`);

function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const start = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  // How long each step takes, to keep the whole run under its 25 minutes.
  console.log(`(${((Date.now() - start) / 1000).toFixed(0)} s${cpuText(cpuSinceLastReap())})`);
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
cpuSinceLastReap();
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
let prettierCpu;
const prettierDone = new Promise((resolve) =>
  prettier.on('close', (code) => {
    prettierCpu = cpuSinceLastReap();
    resolve(code ?? 1);
  }),
);
const built = pnpm('exec', 'turbo', 'run', 'build', '--output-logs=errors-only') === 0;
record('build', built ? 1 : 0, built ? 0 : 1);

const formatted = (await prettierDone) === 0;
console.log('\n$ bash scripts/pnpm.sh exec prettier --check . --log-level=warn, beside the build');
process.stdout.write(readFileSync(prettierLog, 'utf8'));
console.log(`(${readFileSync(`${prettierLog}.seconds`, 'utf8').trim()} s${cpuText(prettierCpu)})`);
rmSync(join(prettierLog, '..'), { recursive: true, force: true });
record('format (prettier)', formatted ? 1 : 0, formatted ? 0 : 1);

// 3 to 5. Everything else at once, in three lanes, once the build is done: the end-to-end tests
// (Playwright, three browsers), and two lanes of checks that take work from one queue, longest
// first: lint and typecheck, and each package's unit tests. On two cores vitest runs one test
// file at a time, and the end-to-end tests mostly wait (one browser kept a core busy less than
// half the time), so one lane of unit tests beside them left the run waiting on that lane: the
// core's tests alone took 24 minutes of a 42-minute run on CI. Each check's output goes to a log
// of its own, printed once everything has ended, in a fixed order; the end-to-end tests print
// as they run.
const logsDir = mkdtempSync(join(tmpdir(), 'inkstone-checks-'));

// Runs a command to its log file; resolves with its exit code and seconds.
function runToLog(command, args, cwd, log) {
  const fd = openSync(log, 'w');
  writeSync(fd, `$ ${[command, ...args].join(' ')}\n`);
  const start = Date.now();
  const child = spawn(command, args, { cwd, stdio: ['ignore', fd, fd] });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      closeSync(fd);
      resolve({ code: code ?? 1, seconds: (Date.now() - start) / 1000, cpu: cpuSinceLastReap() });
    });
  });
}

const vitestArgs = (out, args) => [
  join(root, 'scripts/pnpm.sh'),
  'exec',
  'vitest',
  'run',
  ...args,
  // A test's time limit catches a hang, not slowness: here the lanes share two cores, and a
  // test that takes 3 s alone can take several times that (the 5 s default failed such tests).
  '--testTimeout=60000',
  '--hookTimeout=60000',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

// The checks, longest first (seconds measured alone on the 2-core machine in the comments): the
// queue's two lanes start with the two longest and each takes the next when it is free. The
// core's unit tests hold the seeded fault simulations over each forge's dialect of forge-sim
// (200 seeds each), mostly git processes. "scripts" is the repository's own scripts (the
// self-containment check, the Node.js version check of start.sh and test.sh, the packages'
// versions and licence, the Dockerfile), run from the root with scripts/ as vitest's root.
const unitSuites = [
  ['@inkstone/core', 'packages/core', []],
  ['lint and typecheck'],
  ['@inkstone/markdown', 'packages/markdown', []],
  ['@inkstone/forge-sim', 'packages/forge-sim', []],
  ['@inkstone/server', 'apps/server', []],
  ['@inkstone/web', 'apps/web', []],
  ['@inkstone/cloud-sim', 'packages/cloud-sim', []],
  ['scripts', '.', ['--root', 'scripts']],
];
const checks = unitSuites.map(([pkg, dir, args]) => {
  const name = pkg.replace(/^@inkstone\//, '').replaceAll(' ', '-');
  return {
    pkg,
    dir,
    args,
    out: join(logsDir, `unit-${name}.json`),
    log: join(logsDir, `${name}.log`),
    seconds: undefined,
    cpu: undefined,
  };
});

// Lint and typecheck of every package, one package at a time (the lane is one of two), each with
// one TypeScript program for both (scripts/lint-and-typecheck.mjs): one check per package and
// task, read from the script's result file.
function runCheck(check) {
  if (check.dir === undefined) {
    return runToLog(
      process.execPath,
      ['scripts/lint-and-typecheck.mjs', '--result', check.out],
      root,
      check.log,
    );
  }
  return runToLog('bash', vitestArgs(check.out, check.args), join(root, check.dir), check.log);
}

const queue = [...checks];
async function lane() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    ({ seconds: check.seconds, cpu: check.cpu } = await runCheck(check));
  }
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

const machineAtLanes = machineCpu();
const lanesStart = Date.now();
const e2eReport = join(root, 'e2e', 'test-results', 'results.json');
rmSync(e2eReport, { force: true });
console.log('\n$ bash scripts/pnpm.sh --filter @inkstone/e2e run e2e, beside two lanes of checks');
const e2eStart = Date.now();
let e2eCpu;
let e2eSeconds = 0;
const e2eDone = new Promise((resolve) => {
  const child = spawn('bash', ['scripts/pnpm.sh', '--filter', '@inkstone/e2e', 'run', 'e2e'], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('close', () => {
    e2eCpu = cpuSinceLastReap();
    e2eSeconds = (Date.now() - e2eStart) / 1000;
    resolve();
  });
});
await Promise.all([e2eDone, lane(), lane()]);
const machineAtEnd = machineCpu();
const lanesSeconds = (Date.now() - lanesStart) / 1000;

// Lint and typecheck first, then each unit suite, as before the lanes ran them side by side.
const lintCheck = checks.find((check) => check.dir === undefined);
const printLog = (check) => {
  console.log('');
  process.stdout.write(existsSync(check.log) ? readFileSync(check.log, 'utf8') : '');
  console.log(
    `(${check.seconds === undefined ? '?' : check.seconds.toFixed(0)} s${cpuText(check.cpu)})`,
  );
};
printLog(lintCheck);
const lintResults = existsSync(lintCheck.out)
  ? JSON.parse(readFileSync(lintCheck.out, 'utf8'))
  : [];
if (lintResults.length === 0) {
  record('lint', 0, 1, 'the lint and typecheck script did not report');
  record('typecheck', 0, 1, 'the lint and typecheck script did not report');
} else {
  for (const [task, errors] of [
    ['lint', (result) => result.lintErrors],
    ['typecheck', (result) => result.typeErrors],
  ]) {
    const failed = lintResults.filter((result) => errors(result) > 0);
    record(
      task,
      lintResults.length - failed.length,
      failed.length,
      failed.map((result) => result.dir).join(', '),
    );
  }
}

// A failure's first lines, without colours, to print under its name at the end, where a short
// tail of the output (what CI keeps) still says why it failed: enough of them to hold a short
// diff of what was expected and what came (four lines left out what came, in CI).
function brief(message, location) {
  const lines = String(message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 14)
    .map((line) => `      ${line.length > 220 ? `${line.slice(0, 220)}…` : line}`);
  if (location) lines.push(`      at ${location}`);
  return lines.length > 0 ? `\n${lines.join('\n')}` : '';
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
    for (const test of failedTests) {
      failures.push(`${name}: ${where} › ${test.fullName}${brief(test.failureMessages?.[0])}`);
    }
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

const suiteOrder = ['@inkstone/web', '@inkstone/markdown', '@inkstone/forge-sim'];
const unitChecks = checks
  .filter((check) => check.dir !== undefined)
  .sort((a, b) => {
    const rank = (check) => {
      const at = suiteOrder.indexOf(check.pkg);
      return at === -1 ? suiteOrder.length + checks.indexOf(check) : at;
    };
    return rank(a) - rank(b);
  });
const web = unitChecks.shift();
printLog(web);
recordVitest(`unit ${web.pkg}`, web.out);

console.log(`\n(end-to-end: ${e2eSeconds.toFixed(0)} s)`);
if (!existsSync(e2eReport)) {
  record('end-to-end', 0, 1, 'the test runner did not report');
} else {
  const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
  const { stats } = report;
  printSlowestFiles(report);
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error;
        const at = error?.location;
        failures.push(
          `end-to-end: ${file} › ${spec.title}${brief(error?.message, at && `${at.file.slice(at.file.lastIndexOf('/') + 1)}:${at.line}`)}`,
        );
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

for (const check of unitChecks) {
  printLog(check);
  recordVitest(`unit ${check.pkg}`, check.out);
}
console.log('\nSeconds per check (two lanes beside the end-to-end tests): wall, CPU');
const cpuColumn = (seconds) => (seconds === undefined ? '' : seconds.toFixed(0).padStart(7));
for (const check of checks) {
  console.log(
    `  ${check.pkg.padEnd(28)} ${(check.seconds?.toFixed(0) ?? '?').padStart(5)}${cpuColumn(check.cpu)}`,
  );
}
console.log(
  `  ${'end-to-end'.padEnd(28)} ${e2eSeconds.toFixed(0).padStart(5)}${cpuColumn(e2eCpu)}`,
);
if (machineAtStart && machineAtLanes && machineAtEnd) {
  // What the machine did beside the checks' own processes while the lanes ran: nearly all of it
  // the end-to-end tests' browsers (the rest is the system's own few seconds).
  const lanesBusy = machineAtEnd.busy - machineAtLanes.busy;
  const lanesReaped = checks.reduce((sum, check) => sum + (check.cpu ?? 0), 0);
  console.log(
    `  ${'end-to-end, with browsers'.padEnd(28)} ${e2eSeconds.toFixed(0).padStart(5)}${cpuColumn(lanesBusy - lanesReaped)}`,
  );
  const available = lanesSeconds * machineAtEnd.cores;
  console.log(
    `The machine: ${(machineAtEnd.busy - machineAtStart.busy).toFixed(0)} s of CPU in all; ` +
      `after the build, ${lanesBusy.toFixed(0)} s of the ${available.toFixed(0)} s its ` +
      `${machineAtEnd.cores} cores had (${((100 * lanesBusy) / available).toFixed(0)}% busy)`,
  );
}
rmSync(logsDir, { recursive: true, force: true });

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

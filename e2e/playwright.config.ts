import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (the test tool's own browser download does not work
// here) against the real server serving the real static build: its headless shell where it is
// installed (Debian's chromium-headless-shell, the same Chromium without the windowed browser
// around it, which is what Playwright runs headless by default; the test command installs it),
// else the browser itself. Opening the app in a new context cost 4.4 to 4.7 s of CPU with the
// shell against 6.9 to 7.3 s with the browser (8 starts each, quiet 2-core machine), and the
// suite opens the app a few hundred times. CHROMIUM_PATH names another.
const port = Number(process.env.E2E_PORT ?? 8181);
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // Time limits catch a hang, not slowness: two browsers and the unit tests share two cores
  // during the test command, and a step that takes a second alone can take several.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Three browsers, each running whole files one test after another: a test mostly waits (on
  // the app's timers, the page's loading, a sync), so one worker kept a core busy less than half
  // the time (215 tests: 915 s of CPU in 2,229 s, Chromium 156, quiet machine), and two, with
  // the headless shell, about half of one core (220 tests: 579 s of CPU in 1,048 s, quiet).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1400, height: 900 },
    // The offline app's service worker would precache the whole build (450 files) in every new
    // context, a few hundred times in a run: only offline.spec.ts lets it run.
    serviceWorkers: 'block',
    // A failed test keeps its trace (each action, console and network), but no screencast: recording screenshots of every test, to keep only those
    // of the few that fail, took about an eighth of the suite's CPU, half of what tracing
    // costs. Measured on toolbar.spec (18 tests, user+sys CPU of the run, two runs each, shared
    // 2-core machine): no trace 39.2 and 42.4 s; with screenshots 55.0 and 53.4 s; without
    // 47.1 and 47.8 s. Nor DOM snapshots: the recorder copies the page's whole DOM before and
    // after every action of every test, to keep those of the few that fail (the failure's
    // error-context.md still has the page's accessibility tree). toolbar.spec, one run each,
    // load 5 to 8: with snapshots 53.1 s of CPU, without 46.0 s, wall 116 and 117 s. On a page
    // showing a 2,000,000-character text the walk held the page for tens of seconds at a time
    // (long-manuscript.spec).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://localhost:${port}/conf`,
    // The whole suite is one client address loading the app a few hundred times: past the
    // production limit of 600 requests a minute per address, which the server's own tests
    // check (apps/server/src/hardening.test.ts).
    env: { PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_MAX: '1000000' },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

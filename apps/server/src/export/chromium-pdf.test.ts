import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_EXPORT_CONF } from './export-conf.js';
import { createPdfRenderer } from './chromium-pdf.js';
import { DEFAULT_PDF_OPTIONS } from './pdf-options.js';

const SLOW_MACHINE_MS = 30_000;
const renderer = createPdfRenderer(process.env.CHROMIUM_PATH ?? DEFAULT_EXPORT_CONF.chromiumPath);
afterAll(() => renderer.close());

/** The ids of this process's child processes (the browser Playwright launched). */
function childPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const render = (html: string) =>
  renderer.render(html, DEFAULT_PDF_OPTIONS, Date.now() + SLOW_MACHINE_MS);

it(
  'reuses one browser, and launches another when it died',
  async () => {
    const before = new Set(childPids());
    expect((await render('<p>one</p>')).subarray(0, 5).toString()).toBe('%PDF-');
    const launched = childPids().filter((pid) => !before.has(pid));
    expect(launched.length).toBe(1);
    expect((await render('<p>two</p>')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(childPids().filter((pid) => !before.has(pid))).toEqual(launched);

    for (const pid of launched) process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await render('<p>three</p>')).subarray(0, 5).toString()).toBe('%PDF-');
  },
  SLOW_MACHINE_MS,
);

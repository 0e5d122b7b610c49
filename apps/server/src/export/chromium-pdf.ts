import { type Browser, chromium } from 'playwright-core';
import { type PdfOptions } from './pdf-options.js';

/** Thrown when a rendering ran out of time; the caller answers 504. */
export class ExportTimeoutError extends Error {
  constructor() {
    super('The export took too long.');
  }
}

/** Prints HTML to PDF in headless Chromium. One browser process, launched on first use and
 * again if it died; each rendering gets a fresh context, closed afterwards. The page runs no
 * JavaScript and reaches no network: every request but a `data:` URL is aborted. */
export interface PdfRenderer {
  render(html: string, options: PdfOptions, deadline: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** A renderer driving the Chromium at `executablePath`. */
export function createPdfRenderer(executablePath: string): PdfRenderer {
  let launching: Promise<Browser> | undefined;

  function browser(): Promise<Browser> {
    if (!launching) {
      const started = chromium.launch({
        executablePath,
        headless: true,
        args: ['--disable-background-networking', '--dns-prefetch-disable', '--disable-sync'],
      });
      launching = started;
      started.then(
        (launched) =>
          launched.on('disconnected', () => {
            if (launching === started) launching = undefined;
          }),
        () => {
          if (launching === started) launching = undefined;
        },
      );
    }
    return launching;
  }

  async function newContext() {
    return (await browser()).newContext({
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      offline: true,
    });
  }

  async function render(html: string, options: PdfOptions, deadline: number): Promise<Buffer> {
    // A browser that cannot open a context has died (its 'disconnected' event may be yet to
    // come): drop it and launch another, once.
    const context = await newContext().catch(async () => {
      const dead = launching;
      launching = undefined;
      // Closing a browser that died may fail as well: then there is nothing left to release.
      if (dead) dead.then((old) => old.close()).catch(() => undefined);
      return newContext();
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await context.route('**/*', (route) =>
        route.request().url().startsWith('data:')
          ? route.continue()
          : route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      const work = (async () => {
        await page.setContent(html, {
          waitUntil: 'load',
          timeout: Math.max(1, deadline - Date.now()),
        });
        const mm = (value: number) => `${value}mm`;
        return page.pdf({
          format: options.pageSize,
          printBackground: true,
          margin: {
            top: mm(options.marginTop),
            right: mm(options.marginRight),
            bottom: mm(options.marginBottom),
            left: mm(options.marginLeft),
          },
        });
      })();
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new ExportTimeoutError()),
          Math.max(0, deadline - Date.now()),
        );
      });
      work.catch(() => undefined);
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
    }
  }

  async function close() {
    const current = launching;
    launching = undefined;
    if (current) await (await current.catch(() => undefined))?.close();
  }

  return { render, close };
}

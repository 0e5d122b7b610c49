import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { type AppServer, startAppServer } from './fixtures/app-server';

// Embedded mode (spec interface §4): a page of another site embeds the editor in an iframe with
// ?origin=…&fileName=…&contentText=…, and gets the text back in messages sent only to that
// origin. Three origins: the app's own server (which lets the two others frame it through
// CSP_FRAME_ANCESTORS), the embedding page's, and a third page that frames the app claiming the
// second one's origin: the browser must hand it nothing.

let app: AppServer;
let host: Server;
let intruder: Server;
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A page that frames the app for the embedding page's origin (its own, or the intruder's
 * claim), and records every message it receives. */
function parentPage(): Server {
  return createServer((request, response) => {
    if (request.url === '/helper') {
      // The documented helper (apps/web/public/embed.js), served by the app.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Helper</title>
<script src="${app.origin}/embed.js"></script>
<textarea aria-label="Post">Draft from the page</textarea>
<script>
window.events = [];
const inkstone = new Inkstone();
inkstone.on('fileChange', (file) => {
  document.querySelector('textarea').value = file.content.text;
  window.events.push('fileChange');
});
inkstone.on('close', () => window.events.push('close'));
inkstone.openFile({ name: 'From the helper', content: { text: document.querySelector('textarea').value } });
</script>`);
      return;
    }
    const src = `${app.origin}/?${new URLSearchParams({
      origin: origin(host),
      fileName: 'Embedded note',
      contentText: '# Embedded\n\nFrom the page.\n',
      contentProperties: 'title: Hello\n',
    }).toString()}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Parent</title>
<script>
window.received = [];
window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
</script>
<iframe title="Inkstone" src="${src.replace(/&/g, '&amp;')}" style="width:1200px;height:800px"></iframe>`);
  });
}

const listen = (server: Server) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

test.beforeAll(async () => {
  host = parentPage();
  intruder = parentPage();
  await listen(host);
  await listen(intruder);
  app = await startAppServer({
    CSP_FRAME_ANCESTORS: `'self' ${origin(host)} ${origin(intruder)}`,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => host?.close(resolve));
  await new Promise((resolve) => intruder?.close(resolve));
});

type Received = { origin: string; data: { type: string; payload?: unknown } }[];
const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Received }).received);

test('the embedding page gets the file as it changes, text and HTML, then close, from its own origin only', async ({
  page,
}) => {
  await page.goto(origin(host));
  const frame = page.frameLocator('iframe[title="Inkstone"]');
  const editor = frame.getByRole('textbox', { name: 'Editor' });
  await expect(editor).toContainText('From the page.', { timeout: 20_000 });
  // Light mode: the file's title, Close and Open; no explorer, side bar, sync or tour.
  const nav = frame.getByRole('banner');
  await expect(nav.getByRole('textbox', { name: 'File title' })).toHaveValue('Embedded note');
  await expect(nav.getByRole('button', { name: 'Open' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Toggle side bar' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Toggle explorer' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Synchronize now' })).toHaveCount(0);
  await expect(frame.getByRole('dialog', { name: 'Welcome tour' })).toHaveCount(0);

  await editor.click();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially('Typed **here**.');
  await expect
    .poll(
      async () => {
        const changes = (await received(page)).filter(
          (message) => message.data.type === 'fileChange',
        );
        return changes.at(-1);
      },
      { timeout: 15_000 },
    )
    .toMatchObject({
      origin: app.origin,
      data: {
        type: 'fileChange',
        payload: {
          name: 'Embedded note',
          content: {
            text: '# Embedded\n\nFrom the page.\nTyped **here**.',
            yamlProperties: 'title: Hello\n',
            properties: { title: 'Hello' },
          },
        },
      },
    });
  const last = (await received(page))
    .filter((message) => message.data.type === 'fileChange')
    .at(-1)!;
  const html = (last.data.payload as { content: { html: string } }).content.html;
  expect(html).toContain('<h1');
  expect(html).toContain('<strong>here</strong>');
  expect((await received(page)).some((message) => message.data.type === 'ready')).toBe(true);

  await nav.getByRole('button', { name: 'Close' }).click();
  await expect
    .poll(async () => (await received(page)).filter((message) => message.data.type === 'close'))
    .toHaveLength(1);
  // Nothing more after close.
  const count = (await received(page)).length;
  await editor.pressSequentially(' More.');
  await page.waitForTimeout(500);
  expect(await received(page)).toHaveLength(count);
});

test('a page of another origin that frames the editor in the first page’s name receives nothing', async ({
  page,
}) => {
  await page.goto(origin(intruder));
  const frame = page.frameLocator('iframe[title="Inkstone"]');
  const editor = frame.getByRole('textbox', { name: 'Editor' });
  await expect(editor).toContainText('From the page.', { timeout: 20_000 });
  await editor.click();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially('Secret words.');
  await frame.getByRole('banner').getByRole('button', { name: 'Close' }).click();
  await page.waitForTimeout(1_000);
  expect(await received(page)).toEqual([]);
});

test('the embed.js helper opens the editor over the page and puts the text back in its field', async ({
  page,
}) => {
  await page.goto(`${origin(host)}/helper`);
  const frame = page.frameLocator('iframe[title="Inkstone"]');
  const editor = frame.getByRole('textbox', { name: 'Editor' });
  await expect(editor).toContainText('Draft from the page', { timeout: 20_000 });
  await editor.click();
  await editor.press('ControlOrMeta+Home');
  await editor.press('End');
  await editor.pressSequentially(', finished.');
  await expect(page.getByRole('textbox', { name: 'Post' })).toHaveValue(
    'Draft from the page, finished.',
  );
  await frame.getByRole('banner').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { events: string[] }).events.at(-1))).toBe(
    'close',
  );
});

import { expect, test, type Response } from '@playwright/test';
import { editor, openApp, preview, replaceText } from './helpers';

// The server sends the app's files compressed (brotli, from the .br copies the build writes
// beside them) to a browser that accepts it, and the app works from them: the scripts, styles
// and the page itself come with Content-Encoding: br, the hashed files cached for good.

/** Files smaller than this have no compressed copy (apps/web/scripts/compress-static.mjs). */
const MIN_BYTES = 1024;

test('the browser gets the page, scripts and styles brotli-compressed, and the app works from them', async ({
  page,
}) => {
  const answers: { url: string; type: string; response: Response }[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (['document', 'script', 'stylesheet'].includes(type)) {
      answers.push({ url: response.url(), type, response });
    }
  });

  await openApp(page);
  await replaceText(page, '# Delivered\n\nSent **compressed**, read whole.');
  await expect(preview(page).getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(preview(page).locator('strong')).toHaveText('compressed');
  await expect(editor(page)).toContainText('read whole.');

  const seen = await Promise.all(
    answers.map(async ({ url, type, response }) => {
      const headers = await response.allHeaders();
      const body = await response.body();
      return { url, type, headers, size: body.length, status: response.status() };
    }),
  );
  const scripts = seen.filter((answer) => answer.type === 'script');
  expect(scripts.length).toBeGreaterThan(5);
  expect(seen.filter((answer) => answer.type === 'document').length).toBeGreaterThan(0);
  expect(seen.filter((answer) => answer.type === 'stylesheet').length).toBeGreaterThan(0);
  for (const answer of seen) {
    expect(answer.status, answer.url).toBe(200);
    expect(answer.headers.vary ?? '', answer.url).toMatch(/accept-encoding/i);
    // The body Playwright gives is the decoded one: only a tiny file may come as it is.
    if (answer.size >= MIN_BYTES) expect(answer.headers['content-encoding'], answer.url).toBe('br');
    if (answer.url.includes('/_next/static/')) {
      expect(answer.headers['cache-control'], answer.url).toBe(
        'public, max-age=31536000, immutable',
      );
    }
  }
  const page0 = seen.find((answer) => answer.type === 'document')!;
  expect(page0.headers['content-type']).toContain('text/html');
  expect(page0.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
  for (const script of scripts) expect(script.headers['content-type']).toMatch(/javascript/);
});

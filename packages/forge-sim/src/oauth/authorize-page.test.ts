import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForgeSim, type ForgeSim } from '../server.js';

// The authorize page in Chromium, as a user (or an e2e test) meets it: found by role and name,
// redirecting to an app on another origin.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let forge: ForgeSim;
let app: Server;
let callbackUrl: string;
let browser: Browser;

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'alice', token: 'ghp_alice' });
  app = createServer((_request, response) => response.end('The app callback'));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/oauth2/callback`;
  forge.oauthApps.add({ clientId: 'cid', clientSecret: 'secret', callbackUrl, name: 'Inkstone' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  app?.close();
  await forge?.close();
});

describe('the authorize page in Chromium', () => {
  it('signs in by username, authorizes, remembers the user, and cancels', async () => {
    const page = await browser.newPage();
    await page.goto(`${forge.url}/login/oauth/authorize?client_id=cid&scope=gist&state=one`);
    expect(await page.title()).toBe('Authorize Inkstone');
    await page.getByRole('textbox', { name: 'Username' }).fill('alice');
    await page.getByRole('button', { name: 'Authorize Inkstone' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth2/callback');
    const back = new URL(page.url());
    expect(back.origin).toBe(new URL(callbackUrl).origin);
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{20}$/);
    expect(back.searchParams.get('state')).toBe('one');

    await page.goto(`${forge.url}/login/oauth/authorize?client_id=cid&scope=gist&state=two`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Username' }).inputValue())
      .toBe('alice');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth2/callback');
    const denied = new URL(page.url()).searchParams;
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.get('state')).toBe('two');
    await page.close();
  });
});

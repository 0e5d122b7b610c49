import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropboxTestSim, type DropboxTestSim } from '../testing/dropbox-harness.js';
import { CHOOSER_MESSAGE, CHOOSER_PATH, DROPINS_PATH } from './chooser.js';

let t: DropboxTestSim;
beforeAll(async () => {
  t = await startDropboxTestSim();
  const write = (path: string, text: string) =>
    t.sim.dropbox.store.upload(t.alice.accountId, path, Buffer.from(text), {
      mode: { kind: 'add' },
      autorename: false,
      strictConflict: false,
    });
  write('/Notes/plan.md', '# Plan');
  write('/Notes/photo.png', 'png');
  write('/todo.txt', 'milk');
});
afterAll(() => t.sim.close());

const chooserUrl = (options: Record<string, string>) =>
  `${t.sim.url}${CHOOSER_PATH}?${new URLSearchParams(options).toString()}`;
const options = {
  app_key: 'inkstone-full',
  multiselect: 'true',
  extensions: '.md .txt',
  link_type: 'direct',
};
/** The files the window offers (the JSON its script posts back, in the page). */
const offered = (page: string) =>
  JSON.parse(/var files = (.*);/.exec(page)![1]!) as { id: string; name: string; bytes: number }[];

describe("cloud-sim's stand-in for Dropbox's Chooser drop-in", () => {
  it("asks the browser's Dropbox account, then lists that Dropbox's files of the extensions asked", async () => {
    const first = await fetch(chooserUrl(options));
    const signIn = await first.text();
    expect(signIn).toContain('<h1>Sign in to Dropbox</h1>');
    const signedIn = await fetch(`${t.sim.url}${CHOOSER_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...options, email: 'alice@example.com' }).toString(),
    });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const list = await signedIn.text();
    expect(list).toContain('type="checkbox"');
    const files = offered(list);
    expect(files.map((file) => file.name)).toEqual(['plan.md', 'todo.txt']);
    expect(files[0]!.id).toBe(t.sim.dropbox.store.get(t.alice.accountId, '/Notes/plan.md')!.id);
    expect(files[0]!.bytes).toBe(6);
    // The account is remembered; one file at a time without multiselect.
    const again = await (
      await fetch(chooserUrl({ ...options, multiselect: 'false' }), { headers: { cookie } })
    ).text();
    expect(again).toContain('type="radio"');
    expect(offered(again)).toHaveLength(2);
    const wrong = await fetch(chooserUrl({ ...options, app_key: 'nobody' }));
    expect(wrong.status).toBe(400);
  });

  it('serves dropins.js: Dropbox.choose opens the window and answers success or cancel', async () => {
    const answer = await fetch(`${t.sim.url}${DROPINS_PATH}`);
    expect(answer.headers.get('content-type')).toContain('javascript');
    const opened: string[] = [];
    const listeners: ((event: unknown) => void)[] = [];
    const popup = { closed: false };
    const window: Record<string, unknown> = {
      open: (url: string) => (opened.push(url), popup),
      addEventListener: (_type: string, listener: (event: unknown) => void) =>
        listeners.push(listener),
      removeEventListener: () => undefined,
    };
    const script = { src: `${t.sim.url}${DROPINS_PATH}`, getAttribute: () => 'inkstone-full' };
    runInNewContext(await answer.text(), {
      window,
      document: { currentScript: script },
      URL,
      URLSearchParams,
      setInterval: () => 0,
      clearInterval: () => undefined,
    });
    const dropbox = window.Dropbox as { choose(options: unknown): void; appKey: string };
    expect(dropbox.appKey).toBe('inkstone-full');
    const chosen: unknown[] = [];
    let cancelled = 0;
    dropbox.choose({
      success: (files: unknown) => chosen.push(files),
      cancel: () => cancelled++,
      linkType: 'direct',
      multiselect: true,
      extensions: ['.md', '.txt'],
    });
    const url = new URL(opened[0]!);
    expect(url.pathname).toBe(CHOOSER_PATH);
    expect(Object.fromEntries(url.searchParams)).toMatchObject(options);
    const files = [{ id: 'id:abc', name: 'plan.md' }];
    // A message from elsewhere is not the Chooser's answer.
    listeners[0]!({ origin: 'http://evil.test', data: { type: CHOOSER_MESSAGE, files: [] } });
    listeners[0]!({ origin: t.sim.url, data: { type: CHOOSER_MESSAGE, files } });
    expect(chosen).toEqual([files]);
    dropbox.choose({ success: () => undefined, cancel: () => cancelled++ });
    listeners[1]!({ origin: t.sim.url, data: { type: CHOOSER_MESSAGE, cancel: true } });
    expect(cancelled).toBe(1);
  });
});

// Raw files as GitHub's raw host and Gitea's `/raw/branch/…` serve them: an image uploaded
// through the contents API comes back byte for byte with its own type (so a page shows it), a
// text file as plain text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawContentType } from './raw-files.js';
import { startTestForge, type TestForge } from './testing/harness.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let t: TestForge;
beforeAll(async () => {
  t = await startTestForge();
  await t.api('POST', '/user/repos', { name: 'pics', auto_init: true });
});
afterAll(async () => {
  await t.forge.close();
});

describe('raw files', () => {
  it('serves an uploaded PNG with its type at the download_url, on both URL forms', async () => {
    const put = await t.api('PUT', '/repos/alice/pics/contents/imgs/dot.png', {
      message: 'image',
      content: PNG,
    });
    expect(put.status).toBe(201);
    const github = await fetch(put.body.content.download_url as string);
    expect(github.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await github.arrayBuffer()).toString('base64')).toBe(PNG);
    const branch = (put.body.content.download_url as string).replace('/raw/', '/raw/branch/');
    const gitea = await fetch(branch);
    expect(gitea.status).toBe(200);
    expect(gitea.headers.get('content-type')).toBe('image/png');
    const text = await fetch(branch.replace('imgs/dot.png', 'README.md'));
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('names image types by extension, anything else (SVG too) as text', () => {
    expect(rawContentType('a/b.JPG')).toBe('image/jpeg');
    expect(rawContentType('x.webp')).toBe('image/webp');
    expect(rawContentType('x.svg')).toBe('text/plain; charset=utf-8');
    expect(rawContentType('Makefile')).toBe('text/plain; charset=utf-8');
  });
});

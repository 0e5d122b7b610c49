import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitLabTestForge, type GitLabTestForge } from '../testing/gitlab-harness.js';
import { COUNT_LIMIT, offsetHeaders } from './pagination.js';

let t: GitLabTestForge;
const expected = new Set<string>();
beforeAll(async () => {
  t = await startGitLabTestForge();
  await t.api('POST', '/projects', { name: 'big', visibility: 'public' });
  // 1,000 files in 10 folders, written by one commit of 1,000 actions.
  const actions = [];
  for (let n = 0; n < 1000; n += 1) {
    const path = `folder-${n % 10}/note-${String(n).padStart(4, '0')}.md`;
    expected.add(path);
    actions.push({ action: 'create', file_path: path, content: `Note ${n}\n` });
  }
  const made = await t.api('POST', '/projects/alice%2Fbig/repository/commits', {
    branch: 'main',
    commit_message: 'A thousand notes',
    actions,
  });
  expect(made.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t.forge.close();
});

const tree = '/projects/alice%2Fbig/repository/tree';
const blobPaths = (entries: { type: string; path: string }[]) =>
  entries.filter((entry) => entry.type === 'blob').map((entry) => entry.path);

describe('GET /projects/:id/repository/tree', () => {
  it('lists every path of a 1,000-file repository across pages of 100, none lost', async () => {
    const seen: string[] = [];
    let page = '1';
    let pages = 0;
    while (page !== '') {
      const answer = await t.api(
        'GET',
        `${tree}?ref=main&recursive=true&per_page=100&page=${page}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThanOrEqual(100);
      expect(answer.headers.get('x-total')).toBe('1010'); // 1,000 files and 10 folders
      expect(answer.headers.get('x-total-pages')).toBe('11');
      expect(answer.headers.get('x-page')).toBe(page);
      seen.push(...blobPaths(answer.body));
      page = answer.headers.get('x-next-page') ?? '';
      pages += 1;
    }
    expect(pages).toBe(11);
    expect(seen.length).toBe(1000);
    expect(new Set(seen)).toEqual(expected);
  });

  it('caps per_page at 100 (a client asking 9999 gets 100) and pages 20 by default', async () => {
    const asked = await t.api('GET', `${tree}?recursive=true&per_page=9999`);
    expect(asked.body.length).toBe(100);
    expect(asked.headers.get('x-per-page')).toBe('100');
    const link = asked.headers.get('link') ?? '';
    expect(link).toMatch(/rel="next"/);
    expect(link).toMatch(/rel="last"/);
    expect(link).toContain('per_page=100');
    const plain = await t.api('GET', `${tree}?recursive=true`);
    expect(plain.body.length).toBe(20);
    expect(plain.headers.get('x-per-page')).toBe('20');
  });

  it('walks keyset pages by the Link header until there is no rel="next"', async () => {
    const seen: string[] = [];
    let next: string | undefined =
      `${t.forge.gitlabApiUrl}${tree}?recursive=true&pagination=keyset&per_page=100`;
    let pages = 0;
    while (next) {
      const response = await fetch(next, { headers: { authorization: `Bearer ${t.token}` } });
      const entries = (await response.json()) as { type: string; path: string }[];
      seen.push(...blobPaths(entries));
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      pages += 1;
    }
    expect(pages).toBe(11);
    expect(new Set(seen)).toEqual(expected);
    expect(seen.length).toBe(1000);
  });

  it('lists one folder, not recursive, with modes and types', async () => {
    const root = await t.api('GET', `${tree}?per_page=100`);
    expect(root.body).toHaveLength(10);
    expect(root.body[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{40}$/),
      name: 'folder-0',
      type: 'tree',
      path: 'folder-0',
      mode: '040000',
    });
    const folder = await t.api('GET', `${tree}?path=folder-3&per_page=100`);
    expect(folder.body).toHaveLength(100);
    expect(folder.body[0]).toMatchObject({
      type: 'blob',
      mode: '100644',
      path: 'folder-3/note-0003.md',
    });
  });

  it('answers 404 Tree Not Found for an unknown ref or path, and for an empty project', async () => {
    for (const query of ['ref=nope', 'path=no/such/folder']) {
      const missing = await t.api('GET', `${tree}?${query}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Tree Not Found' });
    }
    await t.api('POST', '/projects', { name: 'empty' });
    expect((await t.api('GET', '/projects/alice%2Fempty/repository/tree')).body).toEqual({
      message: '404 Tree Not Found',
    });
  });
});

describe('offset pagination headers past 10,000 records', () => {
  it('leaves out x-total, x-total-pages and rel="last", as GitLab does', () => {
    const query = new URLSearchParams('recursive=true');
    const counted = offsetHeaders('http://x/api/v4/t', query, 1, 100, COUNT_LIMIT);
    expect(counted['x-total']).toBe('10000');
    expect(counted['x-total-pages']).toBe('100');
    expect(counted.link).toContain('rel="last"');
    const past = offsetHeaders('http://x/api/v4/t', query, 1, 100, COUNT_LIMIT + 1);
    expect(past['x-total']).toBeUndefined();
    expect(past['x-total-pages']).toBeUndefined();
    expect(past.link).not.toContain('rel="last"');
    expect(past['x-next-page']).toBe('2');
  });
});

describe('blobs', () => {
  it('gives a blob base64 and raw, and 404 Blob Not Found otherwise', async () => {
    const file = await t.api(
      'GET',
      '/projects/alice%2Fbig/repository/files/folder-1%2Fnote-0001.md?ref=main',
    );
    const blob = await t.api('GET', `/projects/alice%2Fbig/repository/blobs/${file.body.blob_id}`);
    expect(blob.body).toEqual({
      size: 7,
      encoding: 'base64',
      content: Buffer.from('Note 1\n').toString('base64'),
      sha: file.body.blob_id,
    });
    const raw = await t.api(
      'GET',
      `/projects/alice%2Fbig/repository/blobs/${file.body.blob_id}/raw`,
    );
    expect(raw.body).toBe('Note 1\n');
    const missing = await t.api('GET', `/projects/alice%2Fbig/repository/blobs/${'e'.repeat(40)}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '404 Blob Not Found' });
  });
});

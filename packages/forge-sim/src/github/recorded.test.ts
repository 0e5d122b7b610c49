import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestForge, type TestForge } from '../testing/harness.js';
import { recordings, shapeDifferences, type Recording } from '../testing/shape.js';

// forge-sim's answers against answers recorded from api.github.com (@octokit/fixtures): the
// same keys with the same types, for every operation forge-sim has a recording of.
let t: TestForge;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

beforeAll(async () => {
  t = await startTestForge();
  await t.api('POST', '/user/repos', { name: 'hello-world', auto_init: true });
});
afterAll(async () => {
  await t.forge.close();
});

/** What GitHub gives only for a repository of an organization: forge-sim has users only. */
const ORGANIZATION_ONLY = ['/organization: GitHub gave it, forge-sim does not'];

/** The one recording of `method` on a path ending with `suffix` in `scenario`. */
function recorded(scenario: string, method: string, suffix: string): Recording {
  const found = recordings(`api.github.com/${scenario}`).filter(
    (entry) => entry.method === method && entry.path.endsWith(suffix),
  );
  if (found.length === 0) throw new Error(`No ${method} …${suffix} in ${scenario}`);
  return found[0] as Recording;
}

describe('recorded GitHub answers (@octokit/fixtures)', () => {
  it('get-repository: GET /repos/{owner}/{repo}', async () => {
    const github = recorded('get-repository', 'get', '/hello-world');
    const ours = await t.api('GET', '/repos/alice/hello-world');
    expect(ours.status).toBe(github.status);
    expect(shapeDifferences(github.response, ours.body)).toEqual(ORGANIZATION_ONLY);
  });

  it('rename-repository: PATCH /repos/{owner}/{repo}', async () => {
    const github = recorded('rename-repository', 'patch', '/rename-repository');
    const ours = await t.api('PATCH', '/repos/alice/hello-world', { description: 'Hi' });
    expect(ours.status).toBe(github.status);
    expect(shapeDifferences(github.response, ours.body)).toEqual(ORGANIZATION_ONLY);
  });

  it('create-file: PUT /repos/{owner}/{repo}/contents/{path} (201)', async () => {
    const github = recorded('create-file', 'put', '/contents/test.txt');
    const ours = await t.api('PUT', '/repos/alice/hello-world/contents/test.txt', github.body);
    expect(ours.status).toBe(github.status);
    expect(shapeDifferences(github.response, ours.body)).toEqual([]);
  });

  it('get-content: a folder listing, and a file as raw bytes', async () => {
    const listing = recorded('get-content', 'get', '/contents/');
    const ours = await t.api('GET', '/repos/alice/hello-world/contents/');
    expect(ours.status).toBe(listing.status);
    expect(shapeDifferences(listing.response, ours.body)).toEqual([]);

    const raw = recorded('get-content', 'get', '/contents/README.md');
    const response = await fetch(`${t.forge.apiUrl}/repos/alice/hello-world/contents/README.md`, {
      headers: { authorization: `token ${t.token}`, accept: raw.reqheaders.accept ?? '' },
    });
    expect(response.status).toBe(raw.status);
    expect(typeof raw.response).toBe('string');
    expect(await response.text()).toBe('# hello-world\n');
  });

  it('git-refs: create, move, list and delete a ref', async () => {
    const created = recorded('git-refs', 'post', '/git/refs');
    const base = '/repos/alice/hello-world/git';
    const main = (await t.api('GET', `${base}/ref/heads/main`)).body.object.sha as string;
    const ours = await t.api('POST', `${base}/refs`, { ref: 'refs/heads/test', sha: main });
    expect(ours.status).toBe(created.status);
    expect(shapeDifferences(created.response, ours.body)).toEqual([]);

    const moved = recorded('git-refs', 'patch', '/git/refs/heads/test');
    const put = await t.api('PUT', '/repos/alice/hello-world/contents/x.md', {
      message: 'x',
      content: b64('x'),
    });
    const patched = await t.api('PATCH', `${base}/refs/heads/test`, { sha: put.body.commit.sha });
    expect(patched.status).toBe(moved.status);
    expect(shapeDifferences(moved.response, patched.body)).toEqual([]);

    // GitHub's GET …/git/refs/ (recorded) lists as GET …/git/matching-refs/ (documented) does.
    const listed = recorded('git-refs', 'get', '/git/refs/');
    const ours2 = await t.api('GET', `${base}/matching-refs/`);
    expect(ours2.status).toBe(listed.status);
    expect(shapeDifferences(listed.response, ours2.body)).toEqual([]);

    const deleted = recorded('git-refs', 'delete', '/git/refs/heads/test');
    const gone = await t.api('DELETE', `${base}/refs/heads/test`);
    expect(gone.status).toBe(deleted.status);
  });

  it("paginate-issues: the Link header's syntax (rel next and last, per_page and page)", async () => {
    const github = recordings('api.github.com/paginate-issues')[0]?.headers.link ?? '';
    for (let index = 0; index < 4; index += 1) {
      await t.api('PUT', `/repos/alice/hello-world/contents/p${index}.md`, {
        message: `p${index}`,
        content: b64(String(index)),
      });
    }
    const ours = await t.api('GET', '/repos/alice/hello-world/commits?per_page=3');
    const link = ours.headers.get('link') ?? '';
    const syntax = (header: string) =>
      header.replace(/<https?:\/\/[^>?]+\?per_page=\d+&page=\d+>/g, '<URL?per_page=N&page=N>');
    expect(syntax(link)).toBe(syntax(github));
  });
});

describe('shapeDifferences', () => {
  it('finds a missing key, a type that differs, and a difference inside an array', () => {
    expect(
      shapeDifferences(
        { a: 1, b: 'x', list: [{ c: true }], gone: 1, maybe: null },
        { a: '1', b: 'y', list: [{ c: true }, { c: 'no' }], maybe: 3, extra: 1 },
      ),
    ).toEqual([
      '/a: GitHub gave number, forge-sim string',
      '/list/1/c: GitHub gave boolean, forge-sim string',
      '/gone: GitHub gave it, forge-sim does not',
    ]);
  });
});

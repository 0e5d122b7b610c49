import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/openapi.js';
import { startTestForge, type TestForge } from '../testing/harness.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
let t: TestForge;
beforeAll(async () => {
  t = await startTestForge();
  t.forge.users.add({ login: 'bob', token: 'ghp_bob' });
  await t.api('POST', '/user/repos', { name: 'blog-template', auto_init: true, is_template: true });
  for (const edit of ['one', 'two']) {
    const current = await t.api('GET', '/repos/alice/blog-template/contents/post.md');
    await t.api('PUT', '/repos/alice/blog-template/contents/post.md', {
      message: edit,
      content: b64(`# Post ${edit}\n`),
      ...(current.status === 200 ? { sha: current.body.sha } : {}),
    });
  }
  const main = await t.api('GET', '/repos/alice/blog-template/git/ref/heads/main');
  await t.api('POST', '/repos/alice/blog-template/git/refs', {
    ref: 'refs/heads/drafts',
    sha: main.body.object.sha,
  });
  await t.api('POST', '/user/repos', { name: 'plain', auto_init: true });
});
afterAll(async () => {
  await t.forge.close();
});

describe('POST /repos/{template_owner}/{template_repo}/generate', () => {
  it("makes another user's repository from the template's files, in one fresh commit", async () => {
    const generated = await t.api(
      'POST',
      '/repos/alice/blog-template/generate',
      { owner: 'bob', name: 'my-blog', private: true, description: 'Mine' },
      'ghp_bob',
    );
    expect(generated.status).toBe(201);
    expect(generated.body.full_name).toBe('bob/my-blog');
    expect(generated.body.private).toBe(true);
    expect(generated.body.is_template).toBe(false);
    expect(
      schemaErrors('post', '/repos/{template_owner}/{template_repo}/generate', 201, generated.body),
    ).toEqual([]);

    const log = await t.api('GET', '/repos/bob/my-blog/commits', undefined, 'ghp_bob');
    expect(log.body.map((c: { commit: { message: string } }) => c.commit.message)).toEqual([
      'Initial commit',
    ]);
    expect(log.body[0].author.login).toBe('bob');
    const post = await t.api('GET', '/repos/bob/my-blog/contents/post.md', undefined, 'ghp_bob');
    expect(Buffer.from(post.body.content, 'base64').toString()).toBe('# Post two\n');
    const drafts = await t.api('GET', '/repos/bob/my-blog/branches/drafts', undefined, 'ghp_bob');
    expect(drafts.status).toBe(404);
  });

  it('copies every branch with include_all_branches', async () => {
    const generated = await t.api('POST', '/repos/alice/blog-template/generate', {
      name: 'all-branches',
      include_all_branches: true,
    });
    expect(generated.status).toBe(201);
    expect((await t.api('GET', '/repos/alice/all-branches/branches/drafts')).status).toBe(200);
  });

  it('refuses a repository that is not a template, and a name already taken', async () => {
    const plain = await t.api('POST', '/repos/alice/plain/generate', { name: 'copy' });
    expect(plain.status).toBe(422);
    expect((await t.api('GET', '/repos/alice/copy')).status).toBe(404);
    const taken = await t.api('POST', '/repos/alice/blog-template/generate', { name: 'plain' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0].message).toBe('name already exists on this account');
  });

  it('lets the owner mark a repository as a template with PATCH', async () => {
    const patched = await t.api('PATCH', '/repos/alice/plain', { is_template: true });
    expect(patched.status).toBe(200);
    expect(patched.body.is_template).toBe(true);
    expect(schemaErrors('patch', '/repos/{owner}/{repo}', 200, patched.body)).toEqual([]);
    const asBob = await t.api('PATCH', '/repos/alice/plain', { is_template: false }, 'ghp_bob');
    expect(asBob.status).toBe(404);
    const generated = await t.api('POST', '/repos/alice/plain/generate', { name: 'from-plain' });
    expect(generated.status).toBe(201);
  });
});

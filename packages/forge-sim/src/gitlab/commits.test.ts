import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitLabTestForge, type GitLabTestForge } from '../testing/gitlab-harness.js';

const run = promisify(execFile);
let t: GitLabTestForge;
let work: string;
beforeAll(async () => {
  t = await startGitLabTestForge();
  work = await mkdtemp(join(tmpdir(), 'forge-sim-gitlab-clone-'));
  const created = await t.api('POST', '/projects', {
    name: 'notes',
    visibility: 'private',
    initialize_with_readme: true,
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await t.forge.close();
  await rm(work, { recursive: true, force: true });
});

const git = (args: string[], cwd = work) =>
  run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '' } });
const commits = '/projects/alice%2Fnotes/repository/commits';

describe('POST /projects/:id/repository/commits', () => {
  it('makes several actions ONE git commit that the real git client clones', async () => {
    await t.api('POST', commits, {
      branch: 'main',
      commit_message: 'Set up',
      actions: [
        { action: 'create', file_path: 'old/name.md', content: 'moving\n' },
        { action: 'create', file_path: 'gone.md', content: 'bye\n' },
      ],
    });
    const before = (await t.api('GET', `${commits}/main`)).body.id as string;
    const readme = await t.api(
      'GET',
      '/projects/alice%2Fnotes/repository/files/README.md?ref=main',
    );
    const answer = await t.api('POST', commits, {
      branch: 'main',
      commit_message: 'Many changes\n\nIn one commit.',
      actions: [
        { action: 'create', file_path: 'chapters/one.md', content: '# One\n' },
        {
          action: 'create',
          file_path: 'image.bin',
          content: Buffer.from([0, 1, 2, 255]).toString('base64'),
          encoding: 'base64',
        },
        {
          action: 'update',
          file_path: 'README.md',
          content: '# Notes\n',
          last_commit_id: readme.body.last_commit_id,
        },
        { action: 'delete', file_path: 'gone.md' },
        { action: 'move', previous_path: 'old/name.md', file_path: 'new/name.md' },
        { action: 'create', file_path: 'build.sh', content: 'echo hi\n' },
        { action: 'chmod', file_path: 'build.sh', execute_filemode: true },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.parent_ids).toEqual([before]);
    expect(answer.body.title).toBe('Many changes');
    expect(answer.body.stats.additions).toBeGreaterThan(0);

    const url = new URL(`${t.forge.url}/alice/notes.git`);
    url.username = 'oauth2';
    url.password = t.token;
    await git(['clone', '--quiet', url.toString(), 'notes']);
    const dir = join(work, 'notes');
    const { stdout: head } = await git(['rev-parse', 'HEAD'], dir);
    expect(head.trim()).toBe(answer.body.id);
    const { stdout: parents } = await git(['rev-list', '--count', `${before}..HEAD`], dir);
    expect(parents.trim()).toBe('1');
    expect(await readFile(join(dir, 'chapters/one.md'), 'utf8')).toBe('# One\n');
    expect([...(await readFile(join(dir, 'image.bin')))]).toEqual([0, 1, 2, 255]);
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('# Notes\n');
    expect(await readFile(join(dir, 'new/name.md'), 'utf8')).toBe('moving\n');
    await expect(stat(join(dir, 'gone.md'))).rejects.toThrow();
    await expect(stat(join(dir, 'old/name.md'))).rejects.toThrow();
    expect((await stat(join(dir, 'build.sh'))).mode & 0o111).not.toBe(0);
    const { stdout: message } = await git(['log', '-1', '--format=%B'], dir);
    expect(message.trim()).toBe('Many changes\n\nIn one commit.');
  });

  it('refuses the whole commit, changing nothing, when one action fails', async () => {
    const head = (await t.api('GET', `${commits}/main`)).body.id as string;
    const cases: [unknown[], string][] = [
      [
        [{ action: 'create', file_path: 'README.md', content: 'x' }],
        'A file with this name already exists',
      ],
      [
        [{ action: 'update', file_path: 'nope.md', content: 'x' }],
        "A file with this name doesn't exist",
      ],
      [[{ action: 'delete', file_path: 'nope.md' }], "A file with this name doesn't exist"],
      [
        [
          { action: 'create', file_path: 'fine.md', content: 'x' },
          {
            action: 'update',
            file_path: 'README.md',
            content: 'x',
            last_commit_id: '0'.repeat(40),
          },
        ],
        'You are attempting to update a file that has changed since you started editing it.',
      ],
    ];
    for (const [actions, message] of cases) {
      const refused = await t.api('POST', commits, {
        branch: 'main',
        commit_message: 'no',
        actions,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message });
    }
    expect((await t.api('GET', `${commits}/main`)).body.id).toBe(head);
    const fine = await t.api('GET', '/projects/alice%2Fnotes/repository/files/fine.md?ref=main');
    expect(fine.status).toBe(404);
  });

  it("answers Grape's 400 for missing or wrong parameters", async () => {
    const missing = await t.api('POST', commits, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'branch is missing, commit_message is missing, actions is missing',
    });
    const badAction = await t.api('POST', commits, {
      branch: 'main',
      commit_message: 'x',
      actions: [{ action: 'rename', file_path: 'a.md' }],
    });
    expect(badAction.body).toEqual({ error: 'actions[0][action] does not have a valid value' });
  });

  it('starts a new branch from start_branch, and refuses a branch that does not exist', async () => {
    const branched = await t.api('POST', commits, {
      branch: 'draft',
      start_branch: 'main',
      commit_message: 'Draft',
      actions: [{ action: 'create', file_path: 'draft.md', content: 'd' }],
    });
    expect(branched.status).toBe(201);
    const branch = await t.api('GET', '/projects/alice%2Fnotes/repository/branches/draft');
    expect(branch.body.commit.id).toBe(branched.body.id);
    expect(branch.body.default).toBe(false);
    const nowhere = await t.api('POST', commits, {
      branch: 'nowhere',
      commit_message: 'x',
      actions: [{ action: 'create', file_path: 'x.md', content: 'x' }],
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe('You can only create or edit files when you are on a branch');
  });
});

describe('GET /projects/:id/repository/commits', () => {
  it('lists the history of a path, newest first, a page at a time', async () => {
    for (const n of [1, 2, 3]) {
      const last = (await t.api('GET', `${commits}?path=log.md&per_page=1`)).body[0]?.id;
      await t.api('POST', commits, {
        branch: 'main',
        commit_message: `Log ${n}`,
        actions: [
          n === 1
            ? { action: 'create', file_path: 'log.md', content: `${n}` }
            : { action: 'update', file_path: 'log.md', content: `${n}`, last_commit_id: last },
        ],
      });
    }
    const first = await t.api('GET', `${commits}?ref_name=main&path=log.md&per_page=2`);
    expect(first.body.map((c: { title: string }) => c.title)).toEqual(['Log 3', 'Log 2']);
    expect(first.headers.get('x-total')).toBe('3');
    expect(first.headers.get('x-next-page')).toBe('2');
    const second = await t.api('GET', `${commits}?ref_name=main&path=log.md&per_page=2&page=2`);
    expect(second.body.map((c: { title: string }) => c.title)).toEqual(['Log 1']);
    expect(second.headers.get('x-next-page')).toBe('');
  });

  it('gives one commit by sha or branch, and 404 Commit Not Found otherwise', async () => {
    const byBranch = await t.api('GET', `${commits}/main`);
    const bySha = await t.api('GET', `${commits}/${byBranch.body.id}`);
    expect(bySha.body.id).toBe(byBranch.body.id);
    expect(bySha.body.project_id).toBe((await t.api('GET', '/projects/alice%2Fnotes')).body.id);
    const missing = await t.api('GET', `${commits}/${'f'.repeat(40)}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '404 Commit Not Found' });
  });
});

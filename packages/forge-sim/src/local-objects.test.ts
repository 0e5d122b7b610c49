import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjectReaders, git, gitText, objectInfo, readObject } from './git.js';
import { objectTypes } from './github/git-data.js';
import { readLocalObject, type LocalObject } from './local-objects.js';
import type { ForgeRepo } from './repositories.js';

// git's own answers: one `cat-file --batch-command` per call, every name in it.
async function catFile(gitDir: string, command: 'info' | 'contents', names: string[]) {
  const out = await git(gitDir, ['cat-file', '--batch-command'], {
    input: names.map((name) => `${command} ${name}\n`).join(''),
  });
  const answers: (LocalObject | null)[] = [];
  let at = 0;
  for (const _name of names) {
    const newline = out.indexOf(10, at);
    const header = out.toString('utf8', at, newline);
    at = newline + 1;
    const match = /^([0-9a-f]{40}) (\S+) (\d+)$/.exec(header);
    if (!match) {
      answers.push(null);
      continue;
    }
    const size = Number(match[3]);
    const bytes = command === 'contents' ? out.subarray(at, at + size) : Buffer.alloc(0);
    if (command === 'contents') at += size + 1;
    answers.push({ sha: match[1] ?? '', type: match[2] ?? '', size, bytes: Buffer.from(bytes) });
  }
  return answers;
}

// Read from the files, each answer must be git's; where git must answer, none is given.
describe('objects and refs read from the repository files', { timeout: 60_000 }, () => {
  let folder: string;
  let gitDir: string;
  const loose: Record<string, string> = {};
  const packed: Record<string, string> = {};

  const commitOf = async (tree: string, parents: string[], message: string) =>
    gitText(gitDir, ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: 'Ann',
        GIT_AUTHOR_EMAIL: 'ann@example.com',
        GIT_AUTHOR_DATE: '1700000000 +0130',
        GIT_COMMITTER_NAME: 'Ann',
        GIT_COMMITTER_EMAIL: 'ann@example.com',
        GIT_COMMITTER_DATE: '1700000000 +0130',
      },
    });
  const treeOf = (entries: string) => gitText(gitDir, ['mktree'], { input: entries });
  const blobOf = (text: string | Buffer) =>
    gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: text });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'forge-sim-local-objects-'));
    gitDir = join(folder, 'repo.git');
    await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
    // Packed first: these objects and refs end in a pack and packed-refs.
    packed.blob = await blobOf('packed\n');
    packed.tree = await treeOf(`100644 blob ${packed.blob}\tp.md\n`);
    packed.commit = await commitOf(packed.tree, [], 'Packed\n');
    await git(gitDir, ['update-ref', 'refs/heads/old', packed.commit]);
    await git(gitDir, ['update-ref', 'refs/heads/both', packed.commit]);
    await git(gitDir, ['tag', '-a', '-m', 'A tag', 'v1', packed.commit], {
      env: { GIT_COMMITTER_NAME: 'Ann', GIT_COMMITTER_EMAIL: 'ann@example.com' },
    });
    await git(gitDir, ['repack', '-a', '-d', '-q']);
    await git(gitDir, ['pack-refs', '--all']);
    // Then loose objects and refs.
    loose.blob = await blobOf(Buffer.concat([Buffer.from('ünï\0code '), Buffer.alloc(70_000, 7)]));
    loose.empty = await blobOf('');
    loose.tree = await treeOf(
      `100644 blob ${loose.blob}\ta.bin\n100644 blob ${loose.empty}\tempty\n040000 tree ${packed.tree}\tsub\n`,
    );
    loose.commit = await commitOf(loose.tree, [packed.commit], 'Loose\n\nbody\n');
    loose.onPacked = await commitOf(packed.tree, [loose.commit], 'On the packed tree\n');
    await git(gitDir, ['update-ref', 'refs/heads/main', loose.commit]);
    await git(gitDir, ['update-ref', 'refs/heads/both', loose.onPacked]);
    await git(gitDir, ['update-ref', 'refs/heads/feature/x', loose.onPacked]);
    await git(gitDir, ['update-ref', 'refs/tags/light', loose.blob]);
    await git(gitDir, ['symbolic-ref', 'refs/heads/alias', 'refs/heads/main']);
    // A name another of git's rules would find first (`refs/tags/refs/heads/gone`).
    await git(gitDir, ['update-ref', 'refs/tags/refs/heads/gone', loose.commit]);
  });
  afterAll(async () => {
    closeObjectReaders(gitDir);
    await rm(folder, { recursive: true, force: true });
  });

  const suffixes = ['', '^{commit}', '^{tree}', '^{blob}'];
  const names = () =>
    [
      ...Object.values(loose),
      ...Object.values(packed),
      'refs/heads/main',
      'refs/heads/both',
      'refs/heads/old',
      'refs/heads/feature/x',
      'refs/heads/feature',
      'refs/heads/alias',
      'refs/heads/none',
      'refs/heads/gone',
      'refs/tags/v1',
      'refs/tags/light',
      'main',
      '0'.repeat(40),
      `${loose.commit?.slice(0, 10)}`,
      `${loose.commit}:a.bin`,
    ].flatMap((name) => suffixes.map((suffix) => `${name}${suffix}`));

  it('answers as cat-file --batch-command does, or leaves the name to git', async () => {
    const all = names();
    for (const command of ['info', 'contents'] as const) {
      const expected = await catFile(gitDir, command, all);
      for (const [index, name] of all.entries()) {
        const own = readLocalObject(gitDir, name, command === 'contents');
        if (own !== undefined) expect(own, `${command} ${name}`).toEqual(expected[index]);
        // What goes through readObject and objectInfo is git's answer either way.
        const read = command === 'contents' ? readObject : objectInfo;
        expect(await read(gitDir, name), name).toEqual(expected[index] ?? undefined);
      }
    }
    // What is read from the files: loose objects by id, plain refs, peeled to commits and trees.
    const answered = (name: string) => readLocalObject(gitDir, name, true) !== undefined;
    for (const name of [
      loose.blob,
      loose.tree,
      loose.commit,
      `${loose.commit}^{tree}`,
      `${loose.blob}^{blob}`,
      'refs/heads/main^{commit}',
      'refs/heads/main^{tree}',
      'refs/heads/feature/x^{commit}',
      'refs/heads/both^{commit}',
      'refs/heads/none^{commit}',
    ]) {
      expect(answered(name ?? ''), name).toBe(true);
    }
    expect(readLocalObject(gitDir, 'refs/heads/none^{commit}', false)).toBeNull();
    // Left to git: packed objects, tags to peel, symbolic refs, other rules, short ids, paths.
    for (const name of [
      packed.commit,
      'refs/heads/old^{commit}',
      `${loose.onPacked}^{tree}`,
      'refs/tags/v1^{commit}',
      'refs/heads/alias',
      'refs/heads/gone',
      'main',
      loose.commit?.slice(0, 10),
      `${loose.commit}:a.bin`,
      `${loose.tree}^{commit}`,
    ]) {
      expect(answered(name ?? ''), name).toBe(false);
    }
  });

  it("gives the git data API's object types as one cat-file --batch-check does", async () => {
    const shas = [...Object.values(loose), ...Object.values(packed), '0'.repeat(40), 'main'];
    const out = await gitText(gitDir, ['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
      input: `${shas.join('\n')}\n`,
    });
    const expected = new Map<string, string>();
    for (const line of out.split('\n')) {
      const [sha = '', type = ''] = line.split(' ');
      if (type !== 'missing' && /^[0-9a-f]{40}$/.test(sha)) expected.set(sha, type);
    }
    expect(expected.size).toBe(Object.keys(loose).length + Object.keys(packed).length);
    const own = await objectTypes({ gitDir } as ForgeRepo, shas);
    expect(new Map([...own].sort())).toEqual(new Map([...expected].sort()));
  });

  it('follows a ref moved by git itself, and leaves replaced objects to git', async () => {
    expect((await objectInfo(gitDir, 'refs/heads/main^{commit}'))?.sha).toBe(loose.commit);
    await git(gitDir, ['update-ref', 'refs/heads/main', loose.onPacked ?? '']);
    expect((await objectInfo(gitDir, 'refs/heads/main^{commit}'))?.sha).toBe(loose.onPacked);
    await git(gitDir, ['pack-refs', '--all']);
    expect(readLocalObject(gitDir, 'refs/heads/main^{commit}', false)?.sha).toBe(loose.onPacked);
    // A replaced object: cat-file answers with the replacement; so does readObject.
    await git(gitDir, ['replace', loose.empty ?? '', loose.blob ?? '']);
    expect(readLocalObject(gitDir, loose.empty ?? '', true)).toBeUndefined();
    const [expected] = await catFile(gitDir, 'contents', [loose.empty ?? '']);
    expect(expected?.size).toBe(70_011);
    // (A cat-file process reads the replacements once, when it starts: a new one is asked.)
    closeObjectReaders(gitDir);
    expect(await readObject(gitDir, loose.empty ?? '')).toEqual(expected);
    await git(gitDir, ['replace', '-d', loose.empty ?? '']);
    await git(gitDir, ['pack-refs', '--all']);
    await rm(join(gitDir, 'refs', 'replace'), { recursive: true, force: true });
    expect(readLocalObject(gitDir, loose.empty ?? '', true)?.size).toBe(0);
  });

  it('leaves a ref file git would not write to git', async () => {
    await mkdir(join(gitDir, 'refs', 'heads'), { recursive: true });
    await writeFile(join(gitDir, 'refs', 'heads', 'odd'), 'not an id\n');
    expect(readLocalObject(gitDir, 'refs/heads/odd^{commit}', false)).toBeUndefined();
    await rm(join(gitDir, 'refs', 'heads', 'odd'));
  });
});

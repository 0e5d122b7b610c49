// The git workspace engine over a forge that commits files, not trees (GitLab, Gitea, Gitee):
// what it hands the port. The forge here is a small in-memory one keeping commits as file maps
// with git's blob shas; the real dialects are tested over forge-sim in their own folders.
import { describe, expect, it } from 'vitest';
import { testContent, testFile } from '../../testing/test-items.js';
import { TooLateError } from '../../sync/workspace-provider.js';
import { gitBlobSha, utf8Bytes } from './bytes.js';
import {
  type GitFileChange,
  type GitFileWritePort,
  type GitTreeListing,
  NotFastForwardError,
} from './git-data-port.js';
import { GitWorkspace } from './git-workspace.js';
import { GIT_MANIFEST_PATH } from './layout.js';

class FileForge {
  readonly commits = new Map<string, Map<string, string>>();
  readonly blobs = new Map<string, Uint8Array>();
  readonly calls: { parent: string | undefined; changes: GitFileChange[] }[] = [];
  head: string | undefined;

  /** Commits as another client would, straight on the branch. */
  write(path: string, text: string): void {
    const files = new Map(this.head ? this.commits.get(this.head) : []);
    files.set(path, this.blob(utf8Bytes(text)));
    this.head = this.commit(files);
  }

  port(): GitFileWritePort {
    return {
      readHead: () => Promise.resolve(this.head),
      readTree: (commit): Promise<GitTreeListing> =>
        Promise.resolve({
          sha: '',
          truncated: false,
          entries: [...this.commits.get(commit)!].map(([path, sha]) => ({
            path,
            sha,
            type: 'blob' as const,
            mode: '100644',
          })),
        }),
      readBlob: (sha) => Promise.resolve(this.blobs.get(sha)!),
      commitFiles: (_message, parent, changes) => {
        this.calls.push({ parent, changes: [...changes] });
        if (parent !== this.head) return Promise.reject(new NotFastForwardError());
        const files = new Map(parent ? this.commits.get(parent) : []);
        for (const change of changes) {
          if (files.get(change.path) !== change.previous) {
            return Promise.reject(new NotFastForwardError());
          }
          if ('content' in change) files.set(change.path, this.blob(utf8Bytes(change.content)));
          else if (change.sha === null) files.delete(change.path);
          else files.set(change.path, change.sha);
        }
        this.head = this.commit(files);
        return Promise.resolve(this.head);
      },
    };
  }

  private blob(bytes: Uint8Array): string {
    const sha = gitBlobSha(bytes);
    this.blobs.set(sha, bytes);
    return sha;
  }

  private commit(files: Map<string, string>): string {
    const sha = (this.commits.size + 1).toString(16).padStart(40, '0');
    this.commits.set(sha, files);
    return sha;
  }
}

describe('GitWorkspace over a forge that commits files', () => {
  it('makes a sync one commit, the index first, each change with the sha it replaces', async () => {
    const forge = new FileForge();
    const workspace = new GitWorkspace({ port: forge.port(), path: 'notes' });
    await workspace.getChanges(undefined);
    await workspace.saveItem(testFile('f1', 'One'), undefined);
    const text = await workspace.saveItem(testContent('f1', 'first text'), undefined);
    expect(forge.calls).toHaveLength(2);
    const before = forge.head;

    workspace.beginSync();
    await workspace.saveItem(testContent('f1', 'second text'), text);
    await workspace.saveItem(testFile('f2', 'Two'), undefined);
    await workspace.saveItem(testContent('f2', 'other text'), undefined);
    await workspace.commitSync();

    expect(forge.calls).toHaveLength(3);
    const { changes, parent } = forge.calls[2]!;
    expect(parent).toBe(before);
    expect(changes[0]!.path).toBe(`notes/${GIT_MANIFEST_PATH}`);
    expect(changes[0]!.previous).toBeDefined();
    const one = changes.find((change) => change.path === 'notes/One.md')!;
    expect(one).toMatchObject({ content: 'second text' });
    expect(one.previous).toBe(gitBlobSha(utf8Bytes('first text')));
    expect(changes.find((change) => change.path === 'notes/Two.md')?.previous).toBeUndefined();

    // Another browser reads both files from the branch.
    const other = new GitWorkspace({ port: forge.port(), path: 'notes' });
    const page = await other.getChanges(undefined);
    const texts = await Promise.all(['f1', 'f2'].map((id) => other.downloadContent(id)));
    expect(page.changes.length).toBeGreaterThanOrEqual(4);
    expect(texts.map((content) => content?.text)).toEqual(['second text', 'other text']);
  });

  it('refuses a sync when another client committed meanwhile, writing nothing', async () => {
    const forge = new FileForge();
    const workspace = new GitWorkspace({ port: forge.port(), path: '' });
    await workspace.getChanges(undefined);
    workspace.beginSync();
    await workspace.saveItem(testFile('f1', 'One'), undefined);
    await workspace.saveItem(testContent('f1', 'mine'), undefined);
    forge.write('Theirs.md', 'theirs');
    const head = forge.head;
    await expect(workspace.commitSync()).rejects.toBeInstanceOf(TooLateError);
    expect(forge.head).toBe(head);
  });
});

describe("converting StackEdit's layout over a forge that commits files", () => {
  it('is one commit that writes the plain texts and deletes the trailers, trash and location files', async () => {
    const forge = new FileForge();
    const trailer = '<!--stackedit_data:\neyJwcm9wZXJ0aWVzIjoidGl0bGU6IEhpXG4ifQ==\n-->';
    forge.write('notes/Hi.md', `Hello.\n${trailer}`);
    forge.write('notes/Hi.eyJwcm92aWRlcklkIjoiZ2l0aHViIn0.sync', '');
    forge.write('notes/.stackedit-trash/Old.md', 'Old.\n');
    const asked: string[] = [];
    const workspace = new GitWorkspace({
      port: forge.port(),
      path: 'notes',
      onStackeditLayout: () => {
        asked.push('asked');
        return Promise.resolve('convert');
      },
    });
    await workspace.getChanges(undefined);
    expect(asked).toHaveLength(1);
    expect(forge.calls).toHaveLength(1);
    const files = forge.commits.get(forge.head!)!;
    const text = (path: string) => new TextDecoder().decode(forge.blobs.get(files.get(path)!));
    expect([...files.keys()].sort()).toEqual([
      expect.stringMatching(/^notes\/\.inkstone-data\/\w+\.json$/),
      'notes/.inkstone-data/index.json',
      'notes/.inkstone-trash/Old.md',
      'notes/Hi.md',
    ]);
    expect(text('notes/Hi.md')).toBe('Hello.\n');
    expect(text('notes/.inkstone-trash/Old.md')).toBe('Old.\n');
    // Each deletion names the blob it removes, as the forges' file commits need.
    const deleted = forge.calls[0]!.changes.filter(
      (change) => 'sha' in change && change.sha === null,
    );
    expect(deleted.map((change) => change.path).sort()).toEqual([
      'notes/.stackedit-trash/Old.md',
      'notes/Hi.eyJwcm92aWRlcklkIjoiZ2l0aHViIn0.sync',
    ]);
    expect(deleted.every((change) => change.previous !== undefined)).toBe(true);
    const other = new GitWorkspace({ port: forge.port(), path: 'notes' });
    const page = await other.getChanges(undefined);
    const location = page.changes.find((change) => change.item?.type === 'syncLocation');
    expect(location?.item).toMatchObject({ providerId: 'github' });
  });
});

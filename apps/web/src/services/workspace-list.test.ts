import { describe, expect, it } from 'vitest';
import {
  CLOSE_BEFORE_DELETING,
  couchdbWorkspace,
  MAIN_NOT_DELETABLE,
  MAIN_WORKSPACE,
  parseWorkspaceQuery,
  readList,
  removalRefusal,
  renamed,
  withAutoSync,
  withWorkspace,
  workspaceId,
  workspaceUrl,
} from './workspace-list';
import { FOLDER_KEY_MISSING, folderWorkspace } from '../providers/folder/folder-workspace';

const DB = 'https://couch.example.com/notes';

describe('workspace ids', () => {
  it('are a base-36 hash of the provider parameters, the same for the same parameters', () => {
    const id = workspaceId({ providerId: 'couchdbWorkspace', dbUrl: DB });
    expect(id).toMatch(/^[0-9a-z]+$/);
    expect(workspaceId({ dbUrl: DB, providerId: 'couchdbWorkspace' })).toBe(id);
    expect(workspaceId({ providerId: 'couchdbWorkspace', dbUrl: `${DB}2` })).not.toBe(id);
  });

  it('do not depend on a trailing slash of the database URL', () => {
    expect(couchdbWorkspace(`${DB}/`).id).toBe(couchdbWorkspace(DB).id);
  });
});

describe('opening by URL', () => {
  it('opens the main workspace without parameters', () => {
    expect(parseWorkspaceQuery('')).toEqual({ kind: 'main' });
  });

  it('opens a CouchDB workspace named after its database', () => {
    const request = parseWorkspaceQuery(
      `?providerId=couchdbWorkspace&dbUrl=${encodeURIComponent(`${DB}/`)}`,
    );
    expect(request).toEqual({
      kind: 'workspace',
      workspace: {
        id: couchdbWorkspace(DB).id,
        name: 'notes',
        providerId: 'couchdbWorkspace',
        dbUrl: DB,
      },
    });
  });

  it('refuses an unknown provider and an unusable database URL', () => {
    expect(parseWorkspaceQuery('?providerId=nope')).toEqual({
      kind: 'error',
      message: 'Unknown workspace provider: nope.',
    });
    expect(parseWorkspaceQuery('?providerId=couchdbWorkspace')).toEqual({
      kind: 'error',
      message: 'A database URL is required.',
    });
    expect(parseWorkspaceQuery('?providerId=couchdbWorkspace&dbUrl=ftp://x/y').kind).toBe('error');
  });

  it('makes the URL that opens a workspace again', () => {
    const workspace = couchdbWorkspace(DB);
    const url = workspaceUrl(workspace, 'http://app.test/?x=1');
    expect(url).toBe(
      `http://app.test/?providerId=couchdbWorkspace&dbUrl=${encodeURIComponent(DB)}`,
    );
    expect(parseWorkspaceQuery(new URL(url).search)).toEqual({ kind: 'workspace', workspace });
    expect(workspaceUrl(MAIN_WORKSPACE, 'http://app.test/a?b')).toBe('http://app.test/');
  });
});

describe('the workspace list', () => {
  const notes = couchdbWorkspace(DB);

  it('always holds the main workspace, first, and drops broken entries', () => {
    expect(readList(null)).toEqual([MAIN_WORKSPACE]);
    expect(readList('not json')).toEqual([MAIN_WORKSPACE]);
    expect(readList(JSON.stringify([notes, { id: 'x' }, null]))).toEqual([MAIN_WORKSPACE, notes]);
    const stored = [notes, { ...MAIN_WORKSPACE, name: 'Home' }];
    expect(readList(JSON.stringify(stored))).toEqual([{ ...MAIN_WORKSPACE, name: 'Home' }, notes]);
  });

  it('adds a workspace once, keeping the name it was given', () => {
    const list = renamed(withWorkspace([MAIN_WORKSPACE], notes), notes.id, ' Notes ');
    expect(list).toEqual([MAIN_WORKSPACE, { ...notes, name: 'Notes' }]);
    expect(withWorkspace(list, notes)).toEqual(list);
  });

  it('ignores an empty name', () => {
    expect(renamed([MAIN_WORKSPACE, notes], notes.id, '  ')).toEqual([MAIN_WORKSPACE, notes]);
  });

  it('refuses to remove the main workspace and the current one, with the spec words', () => {
    expect(removalRefusal('main', notes.id)).toBe(MAIN_NOT_DELETABLE);
    expect(MAIN_NOT_DELETABLE).toBe('Main workspace cannot be deleted.');
    expect(removalRefusal(notes.id, notes.id)).toBe(CLOSE_BEFORE_DELETING);
    expect(CLOSE_BEFORE_DELETING).toBe('Please close the workspace before deleting it.');
    expect(removalRefusal(notes.id, 'main')).toBeUndefined();
  });
});

describe('GitHub repository workspaces', () => {
  const query = '?providerId=githubWorkspace&owner=alice&repo=notes&branch=draft&path=%2Fjournal';

  it('open by URL with owner, repo, branch and path (spec providers §2)', () => {
    const request = parseWorkspaceQuery(query, 'http://127.0.0.1:9000');
    expect(request.kind).toBe('workspace');
    if (request.kind !== 'workspace') return;
    expect(request.workspace).toMatchObject({
      providerId: 'githubWorkspace',
      name: 'notes/journal',
      owner: 'alice',
      repo: 'notes',
      branch: 'draft',
      path: 'journal/',
      locationUrl: 'http://127.0.0.1:9000/alice/notes/tree/draft/journal',
    });
    // The URL that opens it again gives the same workspace.
    const again = parseWorkspaceQuery(
      new URL(workspaceUrl(request.workspace, 'http://app.test/')).search,
      'http://127.0.0.1:9000',
    );
    expect(again).toEqual(request);
  });

  it('default to the main branch and the root folder', () => {
    const request = parseWorkspaceQuery('?providerId=githubWorkspace&owner=alice&repo=notes');
    expect(request).toMatchObject({
      kind: 'workspace',
      workspace: { branch: 'main', path: '', name: 'notes' },
    });
  });

  it('without owner or repo, say so (the main workspace opens)', () => {
    expect(parseWorkspaceQuery('?providerId=githubWorkspace&owner=alice')).toEqual({
      kind: 'error',
      message: 'A GitHub workspace needs the owner and repo of its repository.',
    });
  });

  it('keep their name, account and auto sync choice when opened again by URL', () => {
    const request = parseWorkspaceQuery(query);
    if (request.kind !== 'workspace') throw new Error('not a workspace');
    const kept = { ...request.workspace, name: 'Journal', sub: '42', autoSync: false };
    const list = withWorkspace([MAIN_WORKSPACE, kept], request.workspace);
    expect(list[1]).toEqual(kept);
  });
});

describe('auto sync per workspace', () => {
  it('is switched for one workspace and kept for the main one in the stored list', () => {
    const other = couchdbWorkspace(DB);
    const list = withAutoSync(
      withAutoSync([MAIN_WORKSPACE, other], MAIN_WORKSPACE.id, false),
      other.id,
      true,
    );
    expect(list.map((known) => known.autoSync)).toEqual([false, true]);
    expect(readList(JSON.stringify(list))[0]).toEqual({ ...MAIN_WORKSPACE, autoSync: false });
    expect(readList(JSON.stringify([MAIN_WORKSPACE]))[0]).toEqual(MAIN_WORKSPACE);
  });
});

describe('folder workspaces', () => {
  it('open by URL with their folder key, and give the URL that opens them again', () => {
    const workspace = folderWorkspace('a1b2c3', 'Notes');
    const url = workspaceUrl(workspace, 'https://ink.example/');
    expect(url).toBe('https://ink.example/?providerId=folderWorkspace&folderKey=a1b2c3&name=Notes');
    expect(parseWorkspaceQuery(new URL(url).search)).toEqual({ kind: 'workspace', workspace });
    expect(workspace.id).not.toBe(folderWorkspace('d4e5f6', 'Notes').id);
  });

  it('without a folder key, say so (the main workspace opens)', () => {
    expect(parseWorkspaceQuery('?providerId=folderWorkspace')).toEqual({
      kind: 'error',
      message: FOLDER_KEY_MISSING,
    });
  });
});

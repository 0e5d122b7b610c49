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
  withWorkspace,
  workspaceId,
  workspaceUrl,
} from './workspace-list';

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

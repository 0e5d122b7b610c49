import { describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type FileItem, type FolderItem } from '../../items/types.js';
import { derivedId, emptyManifest, type GitManifest } from './layout.js';
import { foreignHash, viewChanges, workspaceView } from './workspace-view.js';

const file = (id: string, name: string, parentId: string | null = null) =>
  withHash<FileItem>({ id, type: 'file', name, parentId });
const folder = (id: string, name: string) =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId: null });

function manifest(): GitManifest {
  return {
    version: 1,
    seq: 3,
    items: { d: { seq: 1, item: folder('d', 'Dir') }, f: { seq: 2, item: file('f', 'Doc', 'd') } },
    contents: { f: { seq: 3, path: 'Dir/Doc.md', hash: 'H', sha: 'sha-doc' } },
  };
}

describe('workspaceView', () => {
  it('reports the recorded hash of a text the branch has as written, without reading it', () => {
    const view = workspaceView(manifest(), new Map([['Dir/Doc.md', 'sha-doc']]));
    expect(view.get('f/content')?.syncData).toMatchObject({ hash: 'H', sha: 'sha-doc' });
    expect(view.get('f')?.item).toMatchObject({ name: 'Doc' });
  });

  it('reports a text changed elsewhere with a hash no content has, so that it is downloaded', () => {
    const view = workspaceView(manifest(), new Map([['Dir/Doc.md', 'sha-web']]));
    expect(view.get('f/content')?.syncData.hash).toBe(foreignHash('sha-web'));
    expect(foreignHash('sha-web')).toBe('git:sha-web');
  });

  it('takes a file away with its text when the text was deleted elsewhere', () => {
    const view = workspaceView(manifest(), new Map());
    expect(view.has('f')).toBe(false);
    expect(view.has('f/content')).toBe(false);
    expect(view.has('d')).toBe(true);
  });

  it('gives .md files another tool added ids made from their paths, in known or new folders, and leaves the reserved folders alone', () => {
    const files = new Map([
      ['Dir/Doc.md', 'sha-doc'],
      ['Dir/Other.md', 'sha-other'],
      ['new/deep/Note.md', 'sha-note'],
      ['image.png', 'sha-png'],
      ['.inkstone-trash/Gone.md', 'sha-gone'],
      ['.inkstone-data/index.json', 'sha-index'],
    ]);
    const view = workspaceView(manifest(), files);
    const other = view.get(derivedId('file', 'Dir/Other.md'));
    expect(other?.item).toMatchObject({ type: 'file', name: 'Other', parentId: 'd' });
    const note = view.get(derivedId('file', 'new/deep/Note.md'));
    const deep = view.get(derivedId('folder', 'new/deep'));
    expect(note?.item).toMatchObject({ name: 'Note', parentId: deep?.item.id });
    expect(deep?.item).toMatchObject({ name: 'deep', parentId: derivedId('folder', 'new') });
    expect(view.get(`${note!.item.id}/content`)?.syncData.hash).toBe(foreignHash('sha-note'));
    const names = [...view.values()].map((entry) => (entry.item as FileItem).name);
    expect(names).not.toContain('Gone');
    expect(names).not.toContain('image');
    expect(view.size).toBe(3 + 2 + 4); // the manifest's, Other and its text, new, deep, Note and its text
  });
});

describe('viewChanges', () => {
  it('gives removals first, then what changed in the order written', () => {
    const before = workspaceView(manifest(), new Map([['Dir/Doc.md', 'sha-doc']]));
    const next = manifest();
    delete next.items.d;
    next.items.f = { seq: 5, item: file('f', 'Renamed') };
    next.items.g = { seq: 4, item: file('g', 'New') };
    const after = workspaceView(next, new Map([['Dir/Doc.md', 'sha-doc']]));
    expect(
      viewChanges(before, after).map((change) => [change.itemId, change.item?.hash ?? null]),
    ).toEqual([
      ['d', null],
      ['g', file('g', 'New').hash],
      ['f', file('f', 'Renamed').hash],
    ]);
    expect(viewChanges(after, after)).toEqual([]);
    expect(viewChanges(undefined, workspaceView(emptyManifest(), new Map()))).toEqual([]);
  });
});

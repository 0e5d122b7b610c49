import { describe, expect, it } from 'vitest';
import { couchdbWorkspace, MAIN_WORKSPACE } from './workspace-list';
import { WorkspaceList, WORKSPACES_KEY } from './workspaces';

const notes = couchdbWorkspace('https://couch.example.com/notes');
const other = couchdbWorkspace('https://couch.example.com/other');

// A tab's view of localStorage, and the events other tabs send it.
function tab(current = MAIN_WORKSPACE, stored = new Map<string, string>()) {
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  const events = new EventTarget();
  return { list: new WorkspaceList(current, storage, events), stored, events };
}

// What another tab's write looks like here.
function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

describe('WorkspaceList', () => {
  it('keeps the list in storage, without duplicates, the main workspace first', () => {
    const { list, stored } = tab();
    list.add(notes);
    list.add(notes);
    list.rename(notes.id, 'Notes');
    expect(list.workspaces).toEqual([MAIN_WORKSPACE, { ...notes, name: 'Notes' }]);
    expect(JSON.parse(stored.get(WORKSPACES_KEY)!)).toEqual(list.workspaces);
  });

  it("follows another tab's changes and tells its listeners", () => {
    const stored = new Map<string, string>();
    const first = tab(MAIN_WORKSPACE, stored);
    const second = tab(notes, stored);
    let calls = 0;
    second.list.subscribe(() => (calls += 1));
    first.list.add(other);
    second.events.dispatchEvent(storageEvent('unrelated'));
    expect(calls).toBe(0);
    second.events.dispatchEvent(storageEvent(WORKSPACES_KEY));
    expect(calls).toBe(1);
    expect(second.list.workspaces).toEqual([MAIN_WORKSPACE, other]);
    second.list.close();
    second.events.dispatchEvent(storageEvent(WORKSPACES_KEY));
    expect(calls).toBe(1);
  });

  it('refuses to remove the main workspace and the current one, keeping them', async () => {
    const { list } = tab(notes);
    list.add(notes);
    await expect(list.remove('main')).rejects.toThrow('Main workspace cannot be deleted.');
    await expect(list.remove(notes.id)).rejects.toThrow(
      'Please close the workspace before deleting it.',
    );
    expect(list.workspaces).toHaveLength(2);
  });
});

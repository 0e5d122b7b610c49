// Issue 33: the zip backup made by the real StackEdit (StackEdit+ 6: Workspace backups → Export
// workspace, images ticked), kept in core's fixtures (fixtures/stackedit/real/README.md).
import { readFileSync } from 'node:fs';
import { type ImportEntry, stackeditBackupEntries } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { readStackeditZip } from './stackedit-zip';

const REAL = new URL(
  '../../../../packages/core/src/transfer/fixtures/stackedit/real/',
  import.meta.url,
);

const label = (entry: ImportEntry) => ('label' in entry ? entry.label : entry.path);

describe("StackEdit's real zip backup", () => {
  it('gives its workspace.json, the same workspace as its JSON export, and no image', async () => {
    const zip = await readStackeditZip(
      new Uint8Array(readFileSync(new URL('StackEdit workspace.zip', REAL))),
    );
    expect(zip?.images).toEqual([]);
    const fromZip = stackeditBackupEntries(JSON.parse(zip!.workspaceJson));
    const fromJson = stackeditBackupEntries(
      JSON.parse(readFileSync(new URL('StackEdit workspace.json', REAL), 'utf8')),
    );
    const paths = (entries: typeof fromZip) => ({
      tree: entries!.tree.map(label).sort(),
      trash: entries!.trash.map(label),
    });
    expect(paths(fromZip)).toEqual({
      tree: [
        'Welcome file',
        '笔记 Notes/',
        '笔记 Notes/地図 Maps',
        '笔记 Notes/旅行 ✈️ trips/',
        '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵',
      ],
      trash: ['ゴミ Trash me 🗑️'],
    });
    expect(paths(fromZip)).toEqual(paths(fromJson));
    // Each text byte for byte the same as the JSON export's.
    const texts = async (entries: typeof fromZip) =>
      Promise.all(
        entries!.tree
          .filter((entry) => entry.kind === 'text')
          .map(async (entry) => [entry.label, await entry.read()]),
      );
    expect(await texts(fromZip)).toEqual(await texts(fromJson));
  });
});

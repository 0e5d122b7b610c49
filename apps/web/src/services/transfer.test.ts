import { createFolder, MemoryDatabase } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { Announcer } from './announcer';
import { type ImportSource } from './import-sources';
import { type ModalStack } from './modals';
import { IMPORTED_MESSAGE, NOTHING_NEW_MESSAGE, TransferService } from './transfer';
import { type WorkspaceService } from './workspace';

// A PNG's first bytes: an image to the import, which goes by the extension.
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

// The transfer service of a tab over an in-memory workspace, with the app's store and
// announcer; what it opens, shows in dialogs and announces is recorded.
function setUp() {
  let n = 0;
  const repo = new MemoryDatabase('inkstone-db').connect();
  const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
  const opened: string[] = [];
  const workspace = {
    repo,
    newId,
    openFile: (id: string) => Promise.resolve(void opened.push(id)),
  } as unknown as WorkspaceService;
  const store = createStore();
  const reports: unknown[] = [];
  const modals = {
    open: (_name: string, props: unknown) => Promise.resolve(void reports.push(props)),
  } as unknown as ModalStack;
  const announcer = new Announcer({ set: () => () => undefined });
  const said: string[] = [];
  announcer.subscribe(() => said.push(announcer.announcement.text));
  const transfer = new TransferService({
    workspace,
    store,
    modals,
    announcer,
    workspaceName: () => 'Main workspace',
    flushEditor: () => Promise.resolve(),
  });
  const importing = (sources: ImportSource[]) =>
    transfer.import(() => Promise.resolve(sources), null);
  const notices = () => store.getState().notifications.map((n) => `${n.type}: ${n.content}`);
  return { repo, newId, opened, reports, said, importing, notices };
}

const file = (path: string, bytes: Uint8Array<ArrayBuffer> | string) => ({
  path,
  file: new File([bytes], path.slice(path.lastIndexOf('/') + 1)),
});

describe('what an import says when it ends', () => {
  it('one image: a notification says it came in, the busy message does not just go', async () => {
    const { repo, opened, said, importing, notices } = setUp();
    await importing([file('dot.png', PNG)]);
    expect((await repo.getAllImages()).map((image) => image.path)).toEqual(['/dot.png']);
    expect(opened).toEqual([]);
    expect(notices()).toEqual(['info: Imported 1 image.']);
    // The notification (a status message) is what a screen reader hears at the end.
    expect(said).toEqual(['Importing 1 file…', '']);
  });

  it('a folder or a zip of images only: the same', async () => {
    const { importing, notices } = setUp();
    await importing([{ path: 'Photos/', file: null }, file('Photos/a.png', PNG)]);
    expect(notices()).toEqual(['info: Imported 1 image.']);
  });

  it('folders that were all there already: says nothing new came in', async () => {
    const { repo, newId, importing, notices } = setUp();
    await createFolder(repo, newId, 'Notes', null);
    await importing([{ path: 'Notes/', file: null }]);
    expect(notices()).toEqual([`info: ${NOTHING_NEW_MESSAGE}`]);
  });

  it('one file opens, and is announced, without a notification', async () => {
    const { opened, said, importing, notices } = setUp();
    await importing([file('Plan.md', '# Plan')]);
    expect(opened).toHaveLength(1);
    expect(notices()).toEqual([]);
    expect(said.at(-1)).toBe('Plan imported');
  });

  it('several files: what was made, naming only what there was', async () => {
    const { importing, notices } = setUp();
    await importing([{ path: 'Trip/', file: null }, file('Trip/a.md', 'A'), file('b.png', PNG)]);
    expect(notices()).toEqual(['info: Imported 1 file, 1 folder and 1 image.']);
    expect(IMPORTED_MESSAGE(0, 2, 0)).toBe('Imported 2 folders.');
    expect(IMPORTED_MESSAGE(3, 0, 0)).toBe('Imported 3 files.');
  });
});

import { type Workspace } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { ModalStack } from './modals';
import { stackeditLayoutOptions } from './stackedit-layout';

/** A workspace list of one record. */
function records(workspace: Workspace) {
  const byId = new Map([[workspace.id, workspace]]);
  return {
    find: (id: string) => byId.get(id),
    add: (record: Workspace) => void byId.set(record.id, record),
  };
}

const workspace: Workspace = { id: 'w1', name: 'Notes', providerId: 'githubWorkspace' };

describe("StackEdit's layout, the choice (issue 33)", () => {
  it('"Keep StackEdit\'s layout" is remembered in the record: the next opening keeps it without asking', async () => {
    const modals = new ModalStack();
    const list = records(workspace);
    const first = stackeditLayoutOptions(workspace, modals, list);
    expect(first.stackeditLayout).toBeUndefined();
    const choice = first.onStackeditLayout!();
    expect(modals.top?.type).toBe('stackeditLayout');
    modals.resolve(modals.top!.id, 'keep');
    await expect(choice).resolves.toBe('keep');
    expect(list.find('w1')).toMatchObject({ name: 'Notes', stackeditLayout: 'keep' });
    expect(stackeditLayoutOptions(workspace, modals, list)).toEqual({ stackeditLayout: 'keep' });
  });

  it('Convert and Cancel are not remembered', async () => {
    const modals = new ModalStack();
    const list = records(workspace);
    const options = stackeditLayoutOptions(workspace, modals, list);
    const converted = options.onStackeditLayout!();
    modals.resolve(modals.top!.id, 'convert');
    await expect(converted).resolves.toBe('convert');
    const cancelled = options.onStackeditLayout!();
    modals.reject(modals.top!.id);
    await expect(cancelled).resolves.toBe('cancel');
    expect(list.find('w1')!.stackeditLayout).toBeUndefined();
    expect(stackeditLayoutOptions(workspace, modals, list).onStackeditLayout).toBeDefined();
  });
});

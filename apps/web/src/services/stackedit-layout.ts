import { type StackeditLayoutChoice, type Workspace } from '@inkstone/core';
import { isCancelled, type ModalStack } from './modals';

/** The stackeditLayout dialog: 'convert', 'keep', or 'cancel' when cancelled. */
export async function askStackeditLayout(
  modals: ModalStack,
  workspaceName: string,
): Promise<StackeditLayoutChoice> {
  try {
    return await modals.open('stackeditLayout', { workspaceName });
  } catch (error) {
    if (isCancelled(error)) return 'cancel';
    throw error;
  }
}

/** Where a workspace's record is read and written (the workspace list). */
export interface WorkspaceRecords {
  find(id: string): Workspace | undefined;
  add(workspace: Workspace): void;
}

/**
 * A git workspace's options for StackEdit's layout (issue 33): synced in it when its record
 * says so (`stackeditLayout: 'keep'`, the choice made once); else, with the dialogs, the user
 * asked at the first read of a folder in StackEdit's layout, and "Keep StackEdit's layout"
 * remembered in the record so that the dialog does not come back.
 */
export function stackeditLayoutOptions(
  current: Workspace,
  modals: ModalStack | undefined,
  workspaces: WorkspaceRecords | undefined,
): { stackeditLayout?: 'keep'; onStackeditLayout?: () => Promise<StackeditLayoutChoice> } {
  const known = workspaces?.find(current.id) ?? current;
  if (known.stackeditLayout === 'keep') return { stackeditLayout: 'keep' };
  if (!modals) return {};
  return {
    onStackeditLayout: async () => {
      const choice = await askStackeditLayout(modals, current.name);
      if (choice === 'keep' && workspaces) {
        workspaces.add({ ...(workspaces.find(current.id) ?? current), stackeditLayout: 'keep' });
      }
      return choice;
    },
  };
}

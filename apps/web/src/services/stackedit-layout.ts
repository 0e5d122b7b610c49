import { type StackeditLayoutChoice } from '@inkstone/core';
import { isCancelled, type ModalStack } from './modals';

/** The stackeditLayout dialog: 'convert', or 'cancel' when cancelled. */
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

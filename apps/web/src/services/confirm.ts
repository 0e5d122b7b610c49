import { type ConfirmationType } from './confirmations';
import { type ModalStack } from './modals';

/**
 * Asks the user to confirm: opens the named confirmation dialog on the modal stack and resolves
 * to true on Ok, false on Cancel, Escape or the close button.
 */
export class Confirmer {
  constructor(private readonly modals: ModalStack) {}

  ask(type: ConfirmationType, subject = ''): Promise<boolean> {
    return this.modals.open('confirmation', { type, subject }).then(
      () => true,
      () => false,
    );
  }
}

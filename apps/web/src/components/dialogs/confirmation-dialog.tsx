'use client';

import { CONFIRMATIONS } from '../../services/confirm';
import { type OpenConfirmation } from '../../store/ui-slice';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';

/** A confirmation of the spec's list: Ok confirms, anything else declines. */
export function ConfirmationDialog({ type, subject }: OpenConfirmation) {
  const { confirmer } = useAppServices();
  const { title, text, ok } = CONFIRMATIONS[type];
  return (
    <Modal
      title={title}
      okLabel={ok}
      onOk={() => confirmer.answer(true)}
      onCancel={() => confirmer.answer(false)}
    >
      <p>{text(subject)}</p>
    </Modal>
  );
}

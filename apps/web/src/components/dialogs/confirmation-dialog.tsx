'use client';

import { CONFIRMATIONS } from '../../services/confirmations';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';

/** A confirmation of the spec's list: Ok confirms, anything else declines. */
export function ConfirmationDialog({ props, resolve, reject }: DialogProps<'confirmation'>) {
  const { title, text, ok } = CONFIRMATIONS[props.type];
  return (
    <Modal title={title} okLabel={ok} onOk={() => resolve()} onCancel={reject}>
      <p>{text(props.subject)}</p>
    </Modal>
  );
}

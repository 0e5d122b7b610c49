'use client';

import { CONFIRMATIONS } from '../../services/confirmations';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';

/** A confirmation of the spec's list: Ok confirms, anything else declines. One that only tells
 * has a single button, its Ok, which closes it. */
export function ConfirmationDialog({ props, resolve, reject }: DialogProps<'confirmation'>) {
  const { title, text, ok, single } = CONFIRMATIONS[props.type];
  if (single) {
    return (
      <Modal title={title} onCancel={reject} cancelLabel={ok}>
        <p>{text(props.subject)}</p>
      </Modal>
    );
  }
  return (
    <Modal title={title} okLabel={ok} onOk={() => resolve()} onCancel={reject}>
      <p>{text(props.subject)}</p>
    </Modal>
  );
}

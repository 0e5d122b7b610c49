'use client';

import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import './forges.css';

/** The Gitee account dialog (spec providers §2, host B): no fields; Ok opens Gitee's authorize
 * window with the product server's application. */
export function GiteeAccountDialog({ resolve, reject }: DialogProps<'giteeAccount'>) {
  return (
    <Modal title="Add Gitee account" onCancel={reject} onOk={() => resolve()}>
      <div className="form">
        <p className="forge-dialog__text">
          Inkstone opens Gitee in a new window, where you allow it to read and write your
          repositories. The access token is kept in this browser only.
        </p>
      </div>
    </Modal>
  );
}

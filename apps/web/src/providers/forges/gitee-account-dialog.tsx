'use client';

import { APP_DATA_REPO } from '@inkstone/core';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import './forges.css';

/** The Gitee account dialog (spec providers §2, host B): no fields; Ok opens Gitee's authorize
 * window with the product server's application. Signing in, it says where the main workspace
 * will be kept. */
export function GiteeAccountDialog({ resolve, reject, props }: DialogProps<'giteeAccount'>) {
  return (
    <Modal
      title={props.signIn ? 'Sign in with Gitee' : 'Add Gitee account'}
      onCancel={reject}
      onOk={() => resolve()}
    >
      <div className="form">
        <p className="forge-dialog__text">
          Inkstone opens Gitee in a new window, where you allow it to read and write your
          repositories. The access token is kept in this browser only.
        </p>
        {props.signIn && (
          <p className="forge-dialog__text">
            Your main workspace then syncs with your private repository {APP_DATA_REPO} on Gitee,
            made for it if you have none. Its files stay in this browser too.
          </p>
        )}
      </div>
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import { useAppSelector } from '../../store';

/** The googleDriveAccount dialog (spec providers §2, cloud drive G): the Restrict access
 * checkbox, remembered in the local setting googleDriveRestrictedAccess. Ok opens Google's
 * authorize window. */
export function GoogleDriveAccountDialog({ resolve, reject }: DialogProps<'googleDriveAccount'>) {
  const remembered = useAppSelector((state) => state.localSettings.googleDriveRestrictedAccess);
  const [restrictedAccess, setRestrictedAccess] = useState(remembered);
  return (
    <Modal
      title="Add Google Drive account"
      onCancel={reject}
      onOk={() => resolve({ restrictedAccess })}
    >
      <div className="form">
        <p>
          Inkstone opens Google in a new window, where you allow it to read and write files in your
          Google Drive. The access token is kept in this browser only.
        </p>
        <label>
          <input
            type="checkbox"
            checked={restrictedAccess}
            onChange={(event) => setRestrictedAccess(event.target.checked)}
          />{' '}
          <span>Restrict access</span>
        </label>
        <p>
          Restricted, Inkstone reaches only the files you open or create with it; a Drive workspace
          needs full access.
        </p>
      </div>
    </Modal>
  );
}

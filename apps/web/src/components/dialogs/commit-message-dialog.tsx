'use client';

import { useState } from 'react';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { TextField } from './text-field';

/** The commitMessage dialog (spec core §4 rule 7): asked once per sync of a git workspace whose
 * auto sync is off, before its first upload. Ok commits with the message (the suggested one when
 * left as it is); Cancel skips this sync's uploads, the remote's changes being applied all the
 * same. */
export function CommitMessageDialog({ props, resolve, reject }: DialogProps<'commitMessage'>) {
  const [message, setMessage] = useState(props.message);
  return (
    <Modal
      title="Commit message"
      onCancel={reject}
      onOk={() => resolve(message.trim() || props.message)}
      okLabel="Commit"
    >
      <div className="form">
        <p>The changes of “{props.workspaceName}” are committed with this message.</p>
        <TextField label="Message" value={message} onChange={setMessage} />
      </div>
    </Modal>
  );
}

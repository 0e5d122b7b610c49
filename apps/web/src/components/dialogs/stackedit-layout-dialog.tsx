'use client';

import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';

/** Issue 33: opened at the first sync of a repository workspace whose folder is in StackEdit's
 * layout (its `.md` files ending with StackEdit's data, `.stackedit-data/`, `.stackedit-trash/`,
 * location files). Convert writes it in Inkstone's layout in one commit; Keep syncs it in
 * StackEdit's layout from then on (remembered in the workspace's record); Cancel leaves the
 * repository untouched (the workspace does not sync in this tab). */
export function StackeditLayoutDialog({ props, resolve, reject }: DialogProps<'stackeditLayout'>) {
  return (
    <Modal
      title="StackEdit workspace"
      onCancel={reject}
      onOk={() => resolve('convert')}
      okLabel="Convert to Inkstone's layout"
    >
      <div className="form">
        <p>
          The folder of “{props.workspaceName}” was written by StackEdit: each file ends with
          StackEdit’s data, and its trash and locations are files of their own.
        </p>
        <p>
          Converting makes one commit: every file becomes plain markdown, its properties,
          discussions and comments go into <code>.inkstone-data/</code>, the trash into{' '}
          <code>.inkstone-trash/</code>, and the sync and publish locations are kept. StackEdit
          would then see the texts without their properties and discussions. Cancel leaves the
          repository as it is.
        </p>
        <p>
          Keeping StackEdit’s layout syncs the folder as StackEdit writes it, for good: each file
          keeps its data at its end, the trash stays in <code>.stackedit-trash/</code> and the
          locations in their own files, so that people still on StackEdit can share it.
        </p>
        <p>
          <button type="button" className="button" onClick={() => resolve('keep')}>
            Keep StackEdit’s layout
          </button>
        </p>
      </div>
    </Modal>
  );
}

'use client';

import { runAction } from '../services/run-action';
import { useAppDispatch } from '../store';

/** A button that opens the browser's file chooser and hands the chosen file to `onFile`, or
 * every chosen file to `onFiles` (`multiple`; `directory` chooses a folder, whose files come
 * with their paths in it). The input is cleared, so choosing the same file again works. While
 * `busy` (what was chosen is being read), it is disabled and says so (`aria-busy`). The handlers
 * show their own errors; one that escapes them is shown as the local database error. */
export function FilePicker({
  label,
  accept,
  disabled,
  busy,
  multiple,
  directory,
  onFile,
  onFiles,
}: {
  label: string;
  accept?: string;
  disabled?: boolean;
  busy?: boolean;
  multiple?: boolean;
  directory?: boolean;
  onFile?(file: File): Promise<void>;
  onFiles?(files: File[]): Promise<void>;
}) {
  const dispatch = useAppDispatch();
  return (
    <label className="button side-panel__file">
      {label}
      <input
        type="file"
        accept={accept}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        multiple={multiple || directory}
        // (React has no typed prop for it: the folder chooser of every current browser.)
        ref={(input) => {
          if (directory) input?.setAttribute('webkitdirectory', '');
        }}
        onChange={(event) => {
          const input = event.currentTarget;
          const files = [...(input.files ?? [])];
          input.value = '';
          if (files.length === 0) return;
          if (onFiles) runAction(dispatch, () => onFiles(files));
          else if (onFile) runAction(dispatch, () => onFile(files[0]!));
        }}
      />
    </label>
  );
}

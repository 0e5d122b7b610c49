'use client';

import { runAction } from '../services/run-action';
import { useAppDispatch } from '../store';

/** A button that opens the browser's file chooser and hands the chosen file to `onFile` (the
 * input is cleared, so choosing the same file again works). `onFile` shows its own errors; one
 * that escapes it is shown as the local database error. */
export function FilePicker({
  label,
  accept,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile(file: File): Promise<void>;
}) {
  const dispatch = useAppDispatch();
  return (
    <label className="button side-panel__file">
      {label}
      <input
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          input.value = '';
          if (file) runAction(dispatch, () => onFile(file));
        }}
      />
    </label>
  );
}

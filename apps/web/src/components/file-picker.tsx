'use client';

/** A button that opens the browser's file chooser and hands the chosen file to `onFile` (the
 * input is cleared, so choosing the same file again works). */
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
          if (file) void onFile(file);
        }}
      />
    </label>
  );
}

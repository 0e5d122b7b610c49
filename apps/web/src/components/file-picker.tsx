'use client';

/** A button that opens the browser's file chooser and hands the chosen file to `onFile` (the
 * input is cleared, so choosing the same file again works). While `busy` (the file chosen is
 * being read), it is disabled and says so (`aria-busy`). */
export function FilePicker({
  label,
  accept,
  disabled,
  busy,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  busy?: boolean;
  onFile(file: File): Promise<void>;
}) {
  return (
    <label className="button side-panel__file">
      {label}
      <input
        type="file"
        accept={accept}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
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

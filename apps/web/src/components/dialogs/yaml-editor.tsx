'use client';

import './yaml-editor.css';

/** A text area for YAML: Tab inserts two spaces (spec interface §4), and the parser's error, if
 * any, shows below it. */
export function YamlEditor({
  label,
  value,
  onChange,
  error,
  readOnly,
}: {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
  readOnly?: boolean;
}) {
  return (
    <div className="yaml-editor">
      <textarea
        className="yaml-editor__text"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        spellCheck={false}
        value={value}
        readOnly={readOnly}
        rows={14}
        onChange={(event) => onChange?.(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Tab' || readOnly || event.shiftKey) return;
          event.preventDefault();
          const area = event.currentTarget;
          const { selectionStart, selectionEnd } = area;
          const next = `${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`;
          onChange?.(next);
          requestAnimationFrame(() =>
            area.setSelectionRange(selectionStart + 2, selectionStart + 2),
          );
        }}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

'use client';

import { type KeyboardEvent, useId } from 'react';

/** What a {@link TextField} shows and reports. */
export interface TextFieldProps {
  /** The visible label, which is also the input's accessible name. */
  label: string;
  value: string;
  /** Called with the new text on every change. */
  onChange(value: string): void;
  /** The field's problem, shown below it as an alert and linked to it; none when undefined. */
  error?: string;
  name?: string;
  placeholder?: string;
  required?: boolean;
  /** Shown but not editable (a value the server or the caller fixed). */
  readOnly?: boolean;
  type?: 'text' | 'password' | 'url' | 'email';
  autoComplete?: string;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/** One labelled text input of a dialog's form, with its inline error: the error paragraph
 * (role alert) gets its own id, and the input points at it with aria-describedby and is marked
 * aria-invalid while there is one. */
export function TextField(props: TextFieldProps) {
  const errorId = useId();
  const { error } = props;
  return (
    <>
      <label className="form__field">
        <span>{props.label}</span>
        <input
          name={props.name}
          type={props.type}
          value={props.value}
          required={props.required}
          readOnly={props.readOnly}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={props.onKeyDown}
        />
      </label>
      {error !== undefined && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

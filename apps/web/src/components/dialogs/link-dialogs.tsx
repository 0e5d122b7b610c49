'use client';

import { type ReactNode, useId, useState } from 'react';
import { parseImageSize } from '../../editor/commands/insert-link';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';

/** The inline error of an empty URL (spec interface §5: the URL is required). */
export const URL_REQUIRED = 'URL is required.';

/** The link dialog: a URL (required) and a title (optional). */
export function LinkDialog({ resolve, reject }: DialogProps<'link'>) {
  const [title, setTitle] = useState('');
  return (
    <UrlForm title="Insert link" onCancel={reject} onOk={(url) => resolve({ url, title })}>
      <Field label="Title" value={title} onChange={setTitle} hint="optional" />
    </UrlForm>
  );
}

/** The image dialog: a URL (required), a title and a size in pixels (both optional). */
export function ImageDialog({ resolve, reject }: DialogProps<'image'>) {
  const [title, setTitle] = useState('');
  const [size, setSize] = useState('');
  return (
    <UrlForm
      title="Insert image"
      onCancel={reject}
      onOk={(url) => resolve({ url, title, size: parseImageSize(size) })}
    >
      <Field label="Title" value={title} onChange={setTitle} hint="optional" />
      <Field label="Size" value={size} onChange={setSize} hint="width in pixels, optional" />
    </UrlForm>
  );
}

interface UrlFormProps {
  title: string;
  children: ReactNode;
  onCancel(): void;
  onOk(url: string): void;
}

// A dialog asking for a URL first: Ok waits until there is one, and an emptied field says so.
function UrlForm({ title, children, onCancel, onOk }: UrlFormProps) {
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const errorId = useId();
  const empty = url.trim() === '';
  return (
    <Modal title={title} onCancel={onCancel} onOk={() => onOk(url.trim())} okDisabled={empty}>
      <div className="form">
        <label className="form__field">
          <span>URL</span>
          <input
            value={url}
            required
            aria-invalid={touched && empty}
            aria-describedby={touched && empty ? errorId : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setTouched(true);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setTouched(true);
            }}
          />
        </label>
        {touched && empty && (
          <p id={errorId} className="field-error" role="alert">
            {URL_REQUIRED}
          </p>
        )}
        {children}
      </div>
    </Modal>
  );
}

function Field(props: {
  label: string;
  value: string;
  hint: string;
  onChange(value: string): void;
}) {
  return (
    <label className="form__field">
      <span>{props.label}</span>
      <input
        value={props.value}
        placeholder={props.hint}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

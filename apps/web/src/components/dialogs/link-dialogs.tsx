'use client';

import { type ReactNode, useState } from 'react';
import { parseImageSize } from '../../editor/commands/insert-link';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { TextField } from './text-field';

/** The inline error of an empty URL (spec interface §5: the URL is required). */
export const URL_REQUIRED = 'URL is required.';

/** The link dialog: a URL (required) and a title (optional). */
export function LinkDialog({ resolve, reject }: DialogProps<'link'>) {
  const [title, setTitle] = useState('');
  return (
    <UrlForm title="Insert link" onCancel={reject} onOk={(url) => resolve({ url, title })}>
      <TextField label="Title" value={title} onChange={setTitle} placeholder="optional" />
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
      <TextField label="Title" value={title} onChange={setTitle} placeholder="optional" />
      <TextField
        label="Size"
        value={size}
        onChange={setSize}
        placeholder="width in pixels, optional"
      />
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
  const empty = url.trim() === '';
  return (
    <Modal title={title} onCancel={onCancel} onOk={() => onOk(url.trim())} okDisabled={empty}>
      <div className="form">
        <TextField
          label="URL"
          name="url"
          value={url}
          required
          error={touched && empty ? URL_REQUIRED : undefined}
          onChange={(value) => {
            setUrl(value);
            setTouched(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setTouched(true);
          }}
        />
        {children}
      </div>
    </Modal>
  );
}

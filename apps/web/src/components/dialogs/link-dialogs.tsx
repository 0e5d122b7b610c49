'use client';

import { type ReactNode, useState } from 'react';
import { parseImageSize } from '../../editor/commands/insert-link';
import { editorImages, GIT_WORKSPACE_PROVIDERS } from '../../images/app-images';
import { type ImageStorageOption, imageStorageOptions } from '../../images/image-storages';
import { useAppDispatch, useAppSelector } from '../../store';
import { notified } from '../../store/notifications-slice';
import { useAppServices } from '../app-context';
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

/** The image dialog: a URL (required) with a title and a size in pixels (both optional), or an
 * image file (images only), stored in the workspace and uploaded to the storage chosen here
 * (issue 30); Ok and the file input are disabled while it uploads. */
export function ImageDialog({ resolve, reject }: DialogProps<'image'>) {
  const { editor, workspace, workspaces } = useAppServices();
  const storageJson = useAppSelector((state) => state.localSettings.imageStorage);
  const dispatch = useAppDispatch();
  const [title, setTitle] = useState('');
  const [size, setSize] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [uploading, setUploading] = useState(false);
  const options = storageChoices(workspaces.current.providerId);
  const chosen = options.find((option) => JSON.stringify(option.choice) === storageJson);
  const insertFile = (chosenFile: File) => {
    const view = editor.current?.view;
    const images = editorImages.current;
    if (!view || !images) return;
    setUploading(true);
    images
      .insert(view, [chosenFile])
      .then(() => resolve({ url: '', title: '', size: undefined, inserted: true }))
      .catch((error: unknown) => {
        setUploading(false);
        dispatch(notified('error', error instanceof Error ? error.message : String(error)));
      });
  };
  const fileField = (
    <>
      <label className="form__field">
        <span>Image file</span>
        <input
          type="file"
          name="file"
          accept="image/*"
          disabled={uploading}
          onChange={(event) => setFile(event.target.files?.[0])}
        />
      </label>
      <label className="form__field">
        <span>Image storage</span>
        <select
          value={chosen ? storageJson : ''}
          disabled={uploading}
          onChange={(event) => {
            void workspace
              .saveLocalSettings({ imageStorage: event.target.value })
              .catch((error: unknown) => console.error(error));
          }}
        >
          <option value="">None (keep the image in this workspace only)</option>
          {options.map((option) => (
            <option key={JSON.stringify(option.choice)} value={JSON.stringify(option.choice)}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
  if (file) {
    return (
      <Modal
        title="Insert image"
        onCancel={reject}
        onOk={() => insertFile(file)}
        okDisabled={uploading}
      >
        <div className="form">{fileField}</div>
      </Modal>
    );
  }
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
      {fileField}
    </UrlForm>
  );
}

/** The storages the Insert image dialog offers: the workspace itself when it is a git
 * workspace, then those of the linked image beds and repositories. */
export function storageChoices(workspaceProviderId: string): ImageStorageOption[] {
  const own: ImageStorageOption[] = GIT_WORKSPACE_PROVIDERS.includes(workspaceProviderId)
    ? [
        {
          choice: { type: 'workspace', providerId: workspaceProviderId },
          label: 'This workspace (its repository)',
        },
      ]
    : [];
  return [...own, ...imageStorageOptions()];
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

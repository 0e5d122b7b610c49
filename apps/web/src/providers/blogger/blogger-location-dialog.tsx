'use client';

import { BloggerFieldError } from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { TemplateSelect } from '../github/template-select';
import { googleAccounts } from '../google/google-accounts-port';
import { BLOGGER_DIALOG_TITLES, submitBloggerForm } from './blogger-locations';

// Blogger's default template is the plain HTML one (a blog gives the page around it).
const DEFAULT_TEMPLATE = 'plainHtml';

/**
 * The Blogger publish dialogs (spec providers §2 "Blog service: blogUrl, optional postId; a
 * separate dialog for pages with blogUrl and optional pageId"): Blog URL, Existing post (or
 * page) ID, Template. Ok checks the form and, without a Google account holding the blogger
 * scope, opens Google's window to link one; a failure is shown and the fields are kept.
 */
export function BloggerLocationDialog({ props, resolve, reject }: DialogProps<'bloggerLocation'>) {
  const what = props.kind === 'post' ? 'post' : 'page';
  const [blogUrl, setBlogUrl] = useState(props.blogUrl);
  const [itemId, setItemId] = useState('');
  const [templateId, setTemplateId] = useState(
    props.templates.some((template) => template.id === DEFAULT_TEMPLATE)
      ? DEFAULT_TEMPLATE
      : (props.templates[0]?.id ?? DEFAULT_TEMPLATE),
  );
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [linking, setLinking] = useState(false);

  const submit = () => {
    setFailure(undefined);
    setLinking(!props.account);
    submitBloggerForm({ blogUrl, itemId, templateId }, props.kind, props.account, googleAccounts())
      .then(resolve, (error: unknown) => {
        if (error instanceof BloggerFieldError) setFieldError(error.message);
        else setFailure(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setLinking(false));
  };

  return (
    <Modal
      title={BLOGGER_DIALOG_TITLES[props.kind]}
      onCancel={reject}
      onOk={submit}
      okDisabled={linking}
    >
      <div className="form">
        <TextField
          label="Blog URL"
          name="blogUrl"
          type="url"
          value={blogUrl}
          placeholder="https://example.blogspot.com/"
          error={fieldError}
          onChange={(value) => {
            setBlogUrl(value);
            setFieldError(undefined);
          }}
        />
        <TextField
          label={`Existing ${what} ID (optional)`}
          name={props.kind === 'post' ? 'postId' : 'pageId'}
          value={itemId}
          onChange={setItemId}
        />
        <TemplateSelect templates={props.templates} value={templateId} onChange={setTemplateId} />
        <p className="form__hint">
          {props.account
            ? `Published with the Google account ${props.account.name}.`
            : 'Ok opens Google’s window to link a Google account that can write to Blogger.'}{' '}
          The title, tags (labels), date and status (draft) come from the file’s properties.
        </p>
        {failure !== undefined && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}

'use client';

import { AccountChoice } from '../../components/dialogs/account-choice';
import { readWordPressForm, WordPressFieldError } from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { TemplateSelect } from '../github/template-select';
import { type WordPressLocationRequest } from './wordpress-locations';

/** The dialog's title (the spec names no title for site service W's publish dialog). */
export const WORDPRESS_DIALOG_TITLE = 'Publish to WordPress';

// A blog post is shown inside the site's theme: the plain HTML template by default.
const DEFAULT_TEMPLATE = 'plainHtml';

/** The dialog's Ok: the form checked in the spec's words (providers §5 "Site W: domain
 * required"; fields trimmed), or core's WordPressFieldError naming the field at fault. */
export function submitWordPressForm(form: {
  domain: string;
  postId: string;
  sub: string;
  templateId: string;
}): WordPressLocationRequest {
  return {
    fields: readWordPressForm({ domain: form.domain, postId: form.postId }),
    sub: form.sub,
    templateId: form.templateId,
  };
}

/**
 * "Publish to WordPress" (spec providers §2, site service W): Site domain (a hosted
 * subdomain), optional Existing post ID, Template, and the account when more than one is
 * linked. A field's error is shown beside it and the text typed is kept.
 */
export function WordPressLocationDialog({
  props,
  resolve,
  reject,
}: DialogProps<'wordpressLocation'>) {
  const [domain, setDomain] = useState(props.domain);
  const [postId, setPostId] = useState('');
  const [sub, setSub] = useState(props.accounts[0]?.sub ?? '');
  const [templateId, setTemplateId] = useState(
    props.templates.some((template) => template.id === DEFAULT_TEMPLATE)
      ? DEFAULT_TEMPLATE
      : (props.templates[0]?.id ?? DEFAULT_TEMPLATE),
  );
  const [errors, setErrors] = useState<{ domain?: string; postId?: string }>({});
  const account = props.accounts.find((choice) => choice.sub === sub);

  const submit = () => {
    try {
      resolve(submitWordPressForm({ domain, postId, sub, templateId }));
    } catch (failure) {
      if (failure instanceof WordPressFieldError) setErrors({ [failure.field]: failure.message });
      else throw failure;
    }
  };

  return (
    <Modal title={WORDPRESS_DIALOG_TITLE} onCancel={reject} onOk={submit}>
      <div className="form">
        <AccountChoice
          accounts={props.accounts}
          sub={sub}
          onChange={setSub}
          optionText={(choice) => choice.name}
          single={<>WordPress account: {account?.name}</>}
        />
        <TextField
          label="Site domain"
          name="domain"
          value={domain}
          placeholder="example.wordpress.com"
          error={errors.domain}
          onChange={(value) => {
            setDomain(value);
            setErrors({});
          }}
        />
        <TextField
          label="Existing post ID (optional)"
          name="postId"
          value={postId}
          error={errors.postId}
          onChange={(value) => {
            setPostId(value);
            setErrors({});
          }}
        />
        <TemplateSelect templates={props.templates} value={templateId} onChange={setTemplateId} />
        <p className="form__hint">
          A site hosted on WordPress.com, such as example.wordpress.com (a self-hosted site needs
          the Jetpack plugin). The title, tags, categories, excerpt, author, featured image, status
          and date come from the file’s properties.
        </p>
      </div>
    </Modal>
  );
}

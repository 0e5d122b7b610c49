'use client';

import { AccountChoice } from '../../components/dialogs/account-choice';
import { readZendeskPublishForm, ZENDESK_DEFAULT_LOCALE, ZendeskFieldError } from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { AuthorizeSuperseded } from '../../services/oauth/authorize-popup';
import { redirectUri } from '../../services/oauth/authorize-url';
import { TemplateSelect } from '../github/template-select';
import { ZENDESK_DIALOG_TITLES } from './zendesk-locations';
import { zendeskAccounts, zendeskRegistry } from './zendesk-registry';

/**
 * The Add Zendesk account dialog (spec providers §2 "Site URL and Client Unique Identifier,
 * plus the OAuth redirect URL shown"): Ok checks both fields (§5, the error beside the field)
 * and opens the help centre's authorize window; a failure is shown and nothing typed is lost.
 */
export function ZendeskAccountDialog({ resolve, reject }: DialogProps<'zendeskAccount'>) {
  const [siteUrl, setSiteUrl] = useState('');
  const [clientId, setClientId] = useState('');
  const [errors, setErrors] = useState<{ siteUrl?: string; clientId?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [linking, setLinking] = useState(false);
  const redirect = redirectUri(window.location.origin);

  const submit = () => {
    setFailure(undefined);
    setErrors({});
    setLinking(true);
    // The popup must open from this click: the accounts are there unless Zendesk's code is
    // still loading (then the click waits for it).
    const accounts = zendeskAccounts();
    (accounts ? Promise.resolve(accounts) : zendeskRegistry.ready())
      .then((linked) => linked.link({ siteUrl, clientId }))
      .then(resolve, (error: unknown) => {
        if (error instanceof AuthorizeSuperseded) return;
        if (error instanceof ZendeskFieldError) setErrors({ [error.field]: error.message });
        else setFailure(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setLinking(false));
  };

  return (
    <Modal
      title={ZENDESK_DIALOG_TITLES.account}
      onCancel={reject}
      onOk={submit}
      okDisabled={linking}
    >
      <div className="form">
        <TextField
          label="Site URL"
          name="siteUrl"
          type="url"
          value={siteUrl}
          placeholder="https://example.zendesk.com"
          error={errors.siteUrl}
          onChange={(value) => {
            setSiteUrl(value);
            setErrors((shown) => ({ ...shown, siteUrl: undefined }));
          }}
        />
        <TextField
          label="Client Unique Identifier"
          name="clientId"
          value={clientId}
          error={errors.clientId}
          onChange={(value) => {
            setClientId(value);
            setErrors((shown) => ({ ...shown, clientId: undefined }));
          }}
        />
        <p className="form__hint">
          Create an OAuth client in your Zendesk Admin Center (Apps and integrations, Zendesk API,
          OAuth Clients), of kind Public, with this redirect URL: <code>{redirect}</code>. Its
          Unique Identifier goes above. Ok opens Zendesk’s window, where you allow Inkstone to read
          and write your help centre. The access token is kept in this browser only.
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

// Zendesk's default template is the plain HTML one (the help centre gives the page around it).
const DEFAULT_TEMPLATE = 'plainHtml';

/**
 * The Publish to Zendesk dialog (spec providers §2 "Section ID, optional Existing article ID,
 * optional Locale (default en-us), Template"): a Section ID or an Existing article ID is
 * required, said beside the Section ID (§5).
 */
export function ZendeskPublishDialog({ props, resolve, reject }: DialogProps<'zendeskPublish'>) {
  const [sub, setSub] = useState(props.accounts[0]?.sub ?? '');
  const [sectionId, setSectionId] = useState('');
  const [articleId, setArticleId] = useState('');
  const [locale, setLocale] = useState('');
  const [templateId, setTemplateId] = useState(
    props.templates.some((template) => template.id === DEFAULT_TEMPLATE)
      ? DEFAULT_TEMPLATE
      : (props.templates[0]?.id ?? DEFAULT_TEMPLATE),
  );
  const [error, setError] = useState<string>();
  const account = props.accounts.find((choice) => choice.sub === sub) ?? props.accounts[0];

  const submit = () => {
    if (!account) return;
    try {
      resolve({
        fields: readZendeskPublishForm({ sectionId, articleId, locale }),
        templateId,
        sub: account.sub,
      });
    } catch (failure) {
      if (failure instanceof ZendeskFieldError) setError(failure.message);
      else throw failure;
    }
  };

  return (
    <Modal title={ZENDESK_DIALOG_TITLES.publish} onCancel={reject} onOk={submit}>
      <div className="form">
        <AccountChoice
          accounts={props.accounts}
          sub={sub}
          onChange={setSub}
          optionText={(choice) => `${choice.name} (${choice.subdomain}.zendesk.com)`}
          single={
            <>
              Zendesk account: {account?.name} ({account?.subdomain}.zendesk.com)
            </>
          }
        />
        <TextField
          label="Section ID"
          name="sectionId"
          value={sectionId}
          error={error}
          onChange={(value) => {
            setSectionId(value);
            setError(undefined);
          }}
        />
        <TextField
          label="Existing article ID (optional)"
          name="articleId"
          value={articleId}
          onChange={(value) => {
            setArticleId(value);
            setError(undefined);
          }}
        />
        <TextField
          label="Locale (optional)"
          name="locale"
          value={locale}
          placeholder={ZENDESK_DEFAULT_LOCALE}
          onChange={setLocale}
        />
        <TemplateSelect templates={props.templates} value={templateId} onChange={setTemplateId} />
        <p className="form__hint">
          A new article is made in the section, and updated on the next publish. The title, tags
          (labels) and status (draft) come from the file’s properties.
        </p>
      </div>
    </Modal>
  );
}

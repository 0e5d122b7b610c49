import { type ZendeskFields } from '@inkstone/core';

/** A linked Zendesk account as the publish dialog offers it. */
export interface ZendeskAccountChoice {
  sub: string;
  name: string;
  subdomain: string;
}

/** What the Publish to Zendesk dialog is opened with. */
export interface ZendeskPublishDialogProps {
  /** The linked accounts (at least one), the first chosen by default. */
  accounts: ZendeskAccountChoice[];
  templates: { id: string; name: string }[];
}

/** What the Publish to Zendesk dialog resolves with: the location's fields, its template and
 * account. */
export interface ZendeskPublishRequest {
  fields: ZendeskFields;
  templateId: string;
  sub: string;
}

import { readSimpleProperties } from '../../properties/simple-properties.js';
import { type PublishedDocument } from '../../publish/publisher.js';
import { type ZendeskFields } from './zendesk-fields.js';

/** What an article is published with, from the document and its file properties (spec
 * providers §3 "File properties may give title, tags, status"). */
export interface ZendeskMetadata {
  /** The `title` property, else the file's name. */
  title: string;
  /** The `tags` property (comma-separated), as the article's `label_names`. */
  labelNames: string[];
  /** `status: draft` makes the translation a draft (spec providers §4 "draft is an isDraft
   * flag for help-centre Z"). */
  draft: boolean;
}

/** Reads a document's metadata for Zendesk. */
export function zendeskMetadata(document: PublishedDocument): ZendeskMetadata {
  const properties = readSimpleProperties(document.properties ?? '');
  const labelNames = [
    ...new Set(
      properties.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
  return {
    title: properties.title.trim() || document.title,
    labelNames,
    draft: properties.status.trim().toLowerCase() === 'draft',
  };
}

/** A call the publisher makes (spec providers §7 "Help-centre Z"), relative to the help
 * centre's base URL. */
export interface ZendeskCall {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** The call makes a new article: not sent again after an answer that may follow its making
   * (the HttpClient's `retry: 'unprocessed'`). */
  creates?: true;
}

/**
 * The calls that publish `html` at a location: a location without an article POSTs a new
 * article to its section (`help_center/sections/{id}/articles.json`, article: title, body,
 * locale, draft, label_names); one with an article PUTs the translation of its locale
 * (`help_center/articles/{id}/translations/{locale}.json`: title, body, locale, draft) and then
 * the article's `label_names` (`help_center/articles/{id}.json`; spec providers §7). A new
 * article names its `permissionGroupId` (Zendesk's Create Article requires
 * `permission_group_id` and `user_segment_id`; null is everyone), when given. Checked against a
 * description transcribed from Zendesk's reference pages (cloud-sim's
 * fixtures/zendesk/description.json), not a machine-readable one.
 */
export function zendeskPublishCalls(
  fields: ZendeskFields,
  metadata: ZendeskMetadata,
  html: string,
  create: { permissionGroupId?: number } = {},
): ZendeskCall[] {
  const { title, draft, labelNames } = metadata;
  const locale = fields.locale;
  if (fields.articleId === undefined) {
    if (fields.sectionId === undefined)
      throw new Error('A Zendesk location names a section or an article.');
    return [
      {
        method: 'POST',
        creates: true,
        path: `/api/v2/help_center/sections/${encodeURIComponent(fields.sectionId)}/articles.json`,
        body: {
          article: {
            title,
            body: html,
            locale,
            draft,
            label_names: labelNames,
            ...(create.permissionGroupId === undefined
              ? {}
              : { permission_group_id: create.permissionGroupId, user_segment_id: null }),
          },
        },
      },
    ];
  }
  const article = encodeURIComponent(fields.articleId);
  return [
    {
      method: 'PUT',
      path: `/api/v2/help_center/articles/${article}/translations/${encodeURIComponent(locale)}.json`,
      body: { translation: { title, body: html, locale, draft } },
    },
    {
      method: 'PUT',
      path: `/api/v2/help_center/articles/${article}.json`,
      body: { article: { label_names: labelNames } },
    },
  ];
}

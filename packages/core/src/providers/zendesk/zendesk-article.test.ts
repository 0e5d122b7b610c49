import { describe, expect, it } from 'vitest';

import { zendeskMetadata, zendeskPublishCalls } from './zendesk-article.js';

const doc = (properties: string) => ({ title: 'Getting started', content: '# Hi', properties });

describe('a Zendesk article from a document', () => {
  it('takes title, tags and status from the file properties, else the file name', () => {
    expect(zendeskMetadata(doc('title: Welcome\ntags: setup, faq, setup\nstatus: Draft'))).toEqual({
      title: 'Welcome',
      labelNames: ['setup', 'faq'],
      draft: true,
    });
    expect(zendeskMetadata(doc(''))).toEqual({
      title: 'Getting started',
      labelNames: [],
      draft: false,
    });
  });

  it('POSTs a new article to the section in the locale', () => {
    const calls = zendeskPublishCalls(
      { sectionId: '3600', locale: 'en-us' },
      { title: 'Welcome', labelNames: ['faq'], draft: false },
      '<h1>Hi</h1>',
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        creates: true,
        path: '/api/v2/help_center/sections/3600/articles.json',
        body: {
          article: {
            title: 'Welcome',
            body: '<h1>Hi</h1>',
            locale: 'en-us',
            draft: false,
            label_names: ['faq'],
          },
        },
      },
    ]);
  });

  it('updates an existing article: its translation in the locale, then its labels', () => {
    const calls = zendeskPublishCalls(
      { sectionId: '3600', articleId: '42', locale: 'fr' },
      { title: 'Bienvenue', labelNames: [], draft: true },
      '<p>x</p>',
    );
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/v2/help_center/articles/42/translations/fr.json',
      'PUT /api/v2/help_center/articles/42.json',
    ]);
    expect(calls[0]!.body).toEqual({
      translation: { title: 'Bienvenue', body: '<p>x</p>', locale: 'fr', draft: true },
    });
    expect(calls[1]!.body).toEqual({ article: { label_names: [] } });
  });

  it('names the permission group of a new article, visible to everyone (Create Article requires both)', () => {
    const [call] = zendeskPublishCalls(
      { sectionId: '3600', locale: 'en-us' },
      { title: 'Welcome', labelNames: [], draft: false },
      '<p>x</p>',
      { permissionGroupId: 77 },
    );
    expect(call!.body.article).toMatchObject({ permission_group_id: 77, user_segment_id: null });
  });
});

import { describe, expect, it } from 'vitest';

import {
  ZENDESK_CLIENT_ID_REQUIRED,
  ZENDESK_SECTION_OR_ARTICLE_REQUIRED,
  ZENDESK_SITE_URL_INVALID,
  ZENDESK_SITE_URL_REQUIRED,
} from './constants.js';
import {
  isZendeskLocation,
  readZendeskAccountForm,
  readZendeskPublishForm,
  ZendeskFieldError,
  zendeskBaseUrl,
  zendeskSub,
} from './zendesk-fields.js';

function fieldError(run: () => unknown): { field: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ZendeskFieldError);
    const { field, message } = error as ZendeskFieldError;
    return { field, message };
  }
  throw new Error('no error thrown');
}

describe('the Add Zendesk account dialog', () => {
  it('reads the subdomain from an https Zendesk site URL and trims the client id', () => {
    expect(
      readZendeskAccountForm({ siteUrl: ' https://Acme.zendesk.com/ ', clientId: ' inkstone ' }),
    ).toEqual({
      subdomain: 'acme',
      clientId: 'inkstone',
    });
    expect(
      readZendeskAccountForm({ siteUrl: 'https://my-help.zendesk.com/hc/en-us', clientId: 'x' })
        .subdomain,
    ).toBe('my-help');
  });

  it('requires both fields, each error on its own field', () => {
    expect(fieldError(() => readZendeskAccountForm({ siteUrl: '  ', clientId: 'x' }))).toEqual({
      field: 'siteUrl',
      message: ZENDESK_SITE_URL_REQUIRED,
    });
    expect(
      fieldError(() =>
        readZendeskAccountForm({ siteUrl: 'https://acme.zendesk.com', clientId: ' ' }),
      ),
    ).toEqual({ field: 'clientId', message: ZENDESK_CLIENT_ID_REQUIRED });
  });

  it.each([
    'http://acme.zendesk.com', // not https
    'https://zendesk.com', // no subdomain
    'https://a.b.zendesk.com', // not one subdomain label
    'https://acme.zendesk.com.evil.org', // another domain
    'https://acme.example.com',
    'acme.zendesk.com', // no scheme
    'https://-acme.zendesk.com',
  ])('refuses %s on siteUrl', (siteUrl) => {
    expect(fieldError(() => readZendeskAccountForm({ siteUrl, clientId: 'x' }))).toEqual({
      field: 'siteUrl',
      message: ZENDESK_SITE_URL_INVALID,
    });
  });

  it('builds the base URL from the template and the sub from subdomain and user id', () => {
    expect(zendeskBaseUrl('acme')).toBe('https://acme.zendesk.com');
    expect(zendeskBaseUrl('acme', 'http://127.0.0.1:4000/zendesk/{subdomain}/')).toBe(
      'http://127.0.0.1:4000/zendesk/acme',
    );
    expect(zendeskSub('acme', 35436)).toBe('acme/35436');
  });
});

describe('the Publish to Zendesk dialog', () => {
  it('needs a section id or an article id, the error on sectionId', () => {
    expect(fieldError(() => readZendeskPublishForm({ sectionId: ' ', articleId: ' ' }))).toEqual({
      field: 'sectionId',
      message: ZENDESK_SECTION_OR_ARTICLE_REQUIRED,
    });
  });

  it('defaults the locale to en-us and keeps the ids given', () => {
    expect(readZendeskPublishForm({ sectionId: ' 360001 ' })).toEqual({
      sectionId: '360001',
      locale: 'en-us',
    });
    expect(readZendeskPublishForm({ sectionId: '', articleId: '42', locale: ' FR ' })).toEqual({
      articleId: '42',
      locale: 'fr',
    });
  });

  it('recognises a Zendesk location only with its fields', () => {
    expect(isZendeskLocation({ providerId: 'zendesk', sectionId: '1', locale: 'en-us' })).toBe(
      true,
    );
    expect(isZendeskLocation({ providerId: 'zendesk', locale: 'en-us' })).toBe(false);
    expect(isZendeskLocation({ providerId: 'blogger', sectionId: '1', locale: 'en-us' })).toBe(
      false,
    );
  });
});

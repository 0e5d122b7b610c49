// @vitest-environment jsdom
import {
  ZENDESK_CLIENT_ID_REQUIRED,
  ZENDESK_SECTION_OR_ARTICLE_REQUIRED,
  ZENDESK_SITE_URL_INVALID,
} from '@inkstone/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ZendeskAccounts } from './zendesk-accounts';
import { ZendeskAccountDialog, ZendeskPublishDialog } from './zendesk-dialogs';
import { zendeskRegistry } from './zendesk-registry';
import { dialogHarness, settle, typeInto } from '../../testing/dialog-harness';

const ui = dialogHarness();

afterEach(() => {
  zendeskRegistry.register(undefined);
});

const input = (name: string) => ui.host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => typeInto(input(name), value);
const ok = () => ui.click('Ok');

describe('the Add Zendesk account dialog', () => {
  it('shows the redirect URL, says a bad Site URL beside it and keeps what was typed', async () => {
    // The real checks run in the accounts' link (core's readZendeskAccountForm).
    const { ZendeskAccounts } = await import('./zendesk-accounts');
    const link = vi.fn(ZendeskAccounts.prototype.link);
    zendeskRegistry.register({ link } as unknown as ZendeskAccounts);
    const resolve = vi.fn();
    ui.render(<ZendeskAccountDialog props={undefined} resolve={resolve} reject={() => {}} />);
    expect(ui.host.querySelector('[role="dialog"]')?.textContent).toContain('Add Zendesk account');
    expect(ui.host.textContent).toContain(`${window.location.origin}/oauth2/callback`);
    type('siteUrl', 'http://acme.zendesk.com');
    type('clientId', 'inkstone');
    await ok();
    await settle();
    expect(ui.host.textContent).toContain(ZENDESK_SITE_URL_INVALID);
    expect(input('siteUrl').getAttribute('aria-invalid')).toBe('true');
    expect(input('siteUrl').value).toBe('http://acme.zendesk.com');
    type('siteUrl', 'https://acme.zendesk.com');
    type('clientId', '');
    await ok();
    await settle();
    expect(ui.host.textContent).toContain(ZENDESK_CLIENT_ID_REQUIRED);
    expect(resolve).not.toHaveBeenCalled();
  });
});

describe('the Publish to Zendesk dialog', () => {
  const props = {
    accounts: [{ sub: 'acme/7', name: 'Ann', subdomain: 'acme' }],
    templates: [
      { id: 'plainHtml', name: 'Plain HTML' },
      { id: 'styledHtml', name: 'Styled HTML' },
    ],
  };

  it('asks a Section ID or an article ID on the Section ID, then resolves the location with en-us', async () => {
    const resolve = vi.fn();
    ui.render(<ZendeskPublishDialog props={props} resolve={resolve} reject={() => {}} />);
    expect(ui.host.textContent).toContain('Publish to Zendesk');
    await ok();
    expect(ui.host.textContent).toContain(ZENDESK_SECTION_OR_ARTICLE_REQUIRED);
    expect(input('sectionId').getAttribute('aria-invalid')).toBe('true');
    type('sectionId', ' 360001 ');
    await ok();
    expect(resolve).toHaveBeenCalledWith({
      fields: { sectionId: '360001', locale: 'en-us' },
      templateId: 'plainHtml',
      sub: 'acme/7',
    });
  });
});

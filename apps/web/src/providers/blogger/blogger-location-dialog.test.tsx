// @vitest-environment jsdom
// The Blogger publish dialogs as a user meets them: the dialog named by its title, Blog URL
// from the setting, the spec's validation message with the text kept, Google's window opened
// from Ok only when no linked account can write to Blogger, a failed link shown.
import { type GoogleScopeNeeds, type GoogleToken } from '@inkstone/core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerGoogleAccounts } from '../google/google-accounts-port';
import { type BloggerDialogProps } from './blogger-dialog-types';
import { BloggerLocationDialog } from './blogger-location-dialog';
import { type BloggerLocationRequest } from './blogger-locations';
import { dialogHarness, typeInto } from '../../testing/dialog-harness';

const ui = dialogHarness();

const TEMPLATES = [
  { id: 'plainText', name: 'Plain text' },
  { id: 'plainHtml', name: 'Plain HTML' },
  { id: 'styledHtml', name: 'Styled HTML' },
];

const linked: GoogleToken = {
  sub: '1077',
  name: 'Alice Liddell',
  scopes: ['openid', 'profile', 'https://www.googleapis.com/auth/blogger'],
  accessToken: 'ya29.test',
  expiresOn: Date.now() + 3_600_000,
  idToken: 'id',
  isBlogger: true,
};

let links: GoogleScopeNeeds[];
let linkAnswer: () => Promise<GoogleToken>;

beforeEach(() => {
  links = [];
  linkAnswer = async () => linked;
  registerGoogleAccounts({
    list: async () => [],
    link: (needs) => {
      links.push(needs);
      return linkAnswer();
    },
    fresh: () => Promise.reject(new Error('No request in this test.')),
  });
});
afterEach(() => {
  registerGoogleAccounts(undefined);
});

function open(props: Partial<BloggerDialogProps> = {}) {
  const resolve = vi.fn<(value: BloggerLocationRequest) => void>();
  const reject = vi.fn();
  act(() => {
    ui.render(
      <BloggerLocationDialog
        props={{ kind: 'post', blogUrl: '', templates: TEMPLATES, ...props }}
        resolve={resolve}
        reject={reject}
      />,
    );
  });
  return { resolve, reject };
}

const dialog = () => ui.host.querySelector<HTMLElement>('[role="dialog"]')!;
const dialogName = () =>
  document.getElementById(dialog().getAttribute('aria-labelledby')!)!.textContent;
const field = (label: string) => {
  const labels = [...ui.host.querySelectorAll('label')];
  const found = labels.find((element) => element.querySelector('span')?.textContent === label);
  if (!found) throw new Error(`No field ${label}`);
  return found.querySelector('input, select') as HTMLInputElement | HTMLSelectElement;
};
const alerts = () => [...ui.host.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

const clickOk = () => ui.click('Ok');

describe('Publish to Blogger dialogs', () => {
  it('is a dialog named "Publish to Blogger" with Blog URL from the setting, the optional Existing post ID and the Template (plain HTML first)', () => {
    open({ blogUrl: 'https://alice.blogspot.com/' });
    expect(dialogName()).toBe('Publish to Blogger');
    expect(field('Blog URL').value).toBe('https://alice.blogspot.com/');
    expect(field('Blog URL').getAttribute('name')).toBe('blogUrl');
    expect(field('Existing post ID (optional)').getAttribute('name')).toBe('postId');
    expect(field('Template').value).toBe('plainHtml');
  });

  it('says "Blog URL is required." on the field and keeps what was typed elsewhere', async () => {
    const { resolve } = open();
    typeInto(field('Existing post ID (optional)') as HTMLInputElement, '4242');
    await clickOk();
    expect(alerts()).toEqual(['Blog URL is required.']);
    expect(field('Blog URL').getAttribute('aria-invalid')).toBe('true');
    expect(field('Existing post ID (optional)').value).toBe('4242');
    expect(resolve).not.toHaveBeenCalled();
    expect(links).toEqual([]);

    typeInto(field('Blog URL') as HTMLInputElement, 'not a web address');
    await clickOk();
    expect(alerts()[0]).toMatch(/^Blog URL must be a web address/);
    expect(field('Blog URL').value).toBe('not a web address');
  });

  it('links a Google account with the blogger scope from Ok when none can publish, then resolves with it', async () => {
    const { resolve } = open();
    typeInto(field('Blog URL') as HTMLInputElement, ' alice.blogspot.com ');
    typeInto(field('Existing post ID (optional)') as HTMLInputElement, ' 77 ');
    await clickOk();
    expect(links).toEqual([{ blogger: true }]);
    expect(resolve).toHaveBeenCalledWith({
      fields: { blogUrl: 'https://alice.blogspot.com', postId: '77' },
      templateId: 'plainHtml',
      sub: '1077',
    });
  });

  it('publishes with the linked account without opening Google’s window', async () => {
    const { resolve } = open({
      blogUrl: 'https://alice.blogspot.com/',
      account: { sub: '1077', name: 'Alice Liddell' },
    });
    expect(ui.host.textContent).toContain('Published with the Google account Alice Liddell.');
    await clickOk();
    expect(links).toEqual([]);
    expect(resolve).toHaveBeenCalledWith({
      fields: { blogUrl: 'https://alice.blogspot.com/' },
      templateId: 'plainHtml',
      sub: '1077',
    });
  });

  it('shows why the account could not be linked, the dialog still open with its fields', async () => {
    linkAnswer = () => Promise.reject(new Error('Authorize window was closed.'));
    const { resolve } = open();
    typeInto(field('Blog URL') as HTMLInputElement, 'https://alice.blogspot.com/');
    await clickOk();
    expect(alerts()).toEqual(['Authorize window was closed.']);
    expect(resolve).not.toHaveBeenCalled();
    expect(field('Blog URL').value).toBe('https://alice.blogspot.com/');
  });

  it('is a separate "Publish to Blogger Page" dialog with the Existing page ID', async () => {
    const { resolve } = open({ kind: 'page', account: { sub: '1077', name: 'Alice' } });
    expect(dialogName()).toBe('Publish to Blogger Page');
    typeInto(field('Blog URL') as HTMLInputElement, 'https://alice.blogspot.com/');
    typeInto(field('Existing page ID (optional)') as HTMLInputElement, '9');
    await clickOk();
    expect(resolve).toHaveBeenCalledWith({
      fields: { blogUrl: 'https://alice.blogspot.com/', pageId: '9' },
      templateId: 'plainHtml',
      sub: '1077',
    });
  });
});

// @vitest-environment jsdom
// "Publish to WordPress" as a user meets it: the dialog named by its title, Site domain from the
// setting, the spec's messages on the field at fault with the text kept, the account chosen
// when more than one is linked, and what Ok resolves with.
import { SITE_DOMAIN_REQUIRED, POST_ID_INVALID, SITE_DOMAIN_INVALID } from '@inkstone/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WordPressDialogProps } from './wordpress-dialog-types';
import { WordPressLocationDialog } from './wordpress-dialogs';
import { type WordPressLocationRequest } from './wordpress-locations';
import { dialogHarness, typeInto } from '../../testing/dialog-harness';

const ui = dialogHarness();

const TEMPLATES = [
  { id: 'plainText', name: 'Plain text' },
  { id: 'plainHtml', name: 'Plain HTML' },
  { id: 'styledHtml', name: 'Styled HTML' },
];
const ANN = { sub: '1000', name: 'Ann Writer' };

afterEach(() => {});

function open(props: Partial<WordPressDialogProps> = {}) {
  const resolve = vi.fn<(value: WordPressLocationRequest) => void>();
  const reject = vi.fn();
  act(() => {
    ui.render(
      <WordPressLocationDialog
        props={{ domain: '', accounts: [ANN], templates: TEMPLATES, ...props }}
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

describe('Publish to WordPress', () => {
  it('is a dialog named "Publish to WordPress" with Site domain (from the setting), Existing post ID and Template (plain HTML first)', () => {
    open({ domain: 'annwrites.wordpress.com' });
    expect(dialogName()).toBe('Publish to WordPress');
    expect(field('Site domain').value).toBe('annwrites.wordpress.com');
    expect(field('Site domain').getAttribute('name')).toBe('domain');
    expect(field('Existing post ID (optional)').getAttribute('name')).toBe('postId');
    expect(field('Template').value).toBe('plainHtml');
    expect(ui.host.textContent).toContain('WordPress account: Ann Writer');
  });

  it('says "Site domain is required." on the domain field and keeps what was typed', async () => {
    const { resolve } = open();
    typeInto(field('Existing post ID (optional)'), '12');
    await clickOk();
    expect(alerts()).toEqual([SITE_DOMAIN_REQUIRED]);
    expect(field('Site domain').getAttribute('aria-invalid')).toBe('true');
    expect(field('Existing post ID (optional)').value).toBe('12');
    expect(resolve).not.toHaveBeenCalled();

    typeInto(field('Site domain'), 'my blog');
    await clickOk();
    expect(alerts()).toEqual([SITE_DOMAIN_INVALID]);
    expect(field('Site domain').value).toBe('my blog');
  });

  it('says a post ID that is not a number on that field', async () => {
    const { resolve } = open({ domain: 'annwrites.wordpress.com' });
    typeInto(field('Existing post ID (optional)'), 'abc');
    await clickOk();
    expect(alerts()).toEqual([POST_ID_INVALID]);
    expect(field('Existing post ID (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(field('Site domain').getAttribute('aria-invalid')).toBe('false');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('resolves with the trimmed domain (an address reduced to its ui.host), the post ID, the account and template', async () => {
    const { resolve } = open({
      accounts: [ANN, { sub: '2000', name: 'Bob' }],
    });
    typeInto(field('Site domain'), ' https://AnnWrites.wordpress.com/about ');
    typeInto(field('Existing post ID (optional)'), ' 77 ');
    typeInto(field('Account'), '2000');
    typeInto(field('Template'), 'styledHtml');
    await clickOk();
    expect(resolve).toHaveBeenCalledWith({
      fields: { domain: 'annwrites.wordpress.com', postId: '77' },
      sub: '2000',
      templateId: 'styledHtml',
    });
  });
});

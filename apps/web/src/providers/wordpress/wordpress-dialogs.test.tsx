// @vitest-environment jsdom
// "Publish to WordPress" as a user meets it: the dialog named by its title, Site domain from the
// setting, the spec's messages on the field at fault with the text kept, the account chosen
// when more than one is linked, and what Ok resolves with.
import { SITE_DOMAIN_REQUIRED, POST_ID_INVALID, SITE_DOMAIN_INVALID } from '@inkstone/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type WordPressDialogProps } from './wordpress-dialog-types';
import { WordPressLocationDialog } from './wordpress-dialogs';
import { type WordPressLocationRequest } from './wordpress-locations';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TEMPLATES = [
  { id: 'plainText', name: 'Plain text' },
  { id: 'plainHtml', name: 'Plain HTML' },
  { id: 'styledHtml', name: 'Styled HTML' },
];
const ANN = { sub: '1000', name: 'Ann Writer' };

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function open(props: Partial<WordPressDialogProps> = {}) {
  const resolve = vi.fn<(value: WordPressLocationRequest) => void>();
  const reject = vi.fn();
  act(() => {
    root.render(
      <WordPressLocationDialog
        props={{ domain: '', accounts: [ANN], templates: TEMPLATES, ...props }}
        resolve={resolve}
        reject={reject}
      />,
    );
  });
  return { resolve, reject };
}

const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]')!;
const dialogName = () =>
  document.getElementById(dialog().getAttribute('aria-labelledby')!)!.textContent;
const field = (label: string) => {
  const labels = [...container.querySelectorAll('label')];
  const found = labels.find((element) => element.querySelector('span')?.textContent === label);
  if (!found) throw new Error(`No field ${label}`);
  return found.querySelector('input, select') as HTMLInputElement | HTMLSelectElement;
};
const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

function type(input: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(proto.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(
      new Event(proto === HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

async function clickOk() {
  const ok = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Ok')!;
  await act(async () => {
    ok.click();
    await new Promise((done) => setTimeout(done, 0));
  });
}

describe('Publish to WordPress', () => {
  it('is a dialog named "Publish to WordPress" with Site domain (from the setting), Existing post ID and Template (plain HTML first)', () => {
    open({ domain: 'annwrites.wordpress.com' });
    expect(dialogName()).toBe('Publish to WordPress');
    expect(field('Site domain').value).toBe('annwrites.wordpress.com');
    expect(field('Site domain').getAttribute('name')).toBe('domain');
    expect(field('Existing post ID (optional)').getAttribute('name')).toBe('postId');
    expect(field('Template').value).toBe('plainHtml');
    expect(container.textContent).toContain('WordPress account: Ann Writer');
  });

  it('says "Site domain is required." on the domain field and keeps what was typed', async () => {
    const { resolve } = open();
    type(field('Existing post ID (optional)'), '12');
    await clickOk();
    expect(alerts()).toEqual([SITE_DOMAIN_REQUIRED]);
    expect(field('Site domain').getAttribute('aria-invalid')).toBe('true');
    expect(field('Existing post ID (optional)').value).toBe('12');
    expect(resolve).not.toHaveBeenCalled();

    type(field('Site domain'), 'my blog');
    await clickOk();
    expect(alerts()).toEqual([SITE_DOMAIN_INVALID]);
    expect(field('Site domain').value).toBe('my blog');
  });

  it('says a post ID that is not a number on that field', async () => {
    const { resolve } = open({ domain: 'annwrites.wordpress.com' });
    type(field('Existing post ID (optional)'), 'abc');
    await clickOk();
    expect(alerts()).toEqual([POST_ID_INVALID]);
    expect(field('Existing post ID (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(field('Site domain').getAttribute('aria-invalid')).toBe('false');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('resolves with the trimmed domain (an address reduced to its host), the post ID, the account and template', async () => {
    const { resolve } = open({
      accounts: [ANN, { sub: '2000', name: 'Bob' }],
    });
    type(field('Site domain'), ' https://AnnWrites.wordpress.com/about ');
    type(field('Existing post ID (optional)'), ' 77 ');
    type(field('Account'), '2000');
    type(field('Template'), 'styledHtml');
    await clickOk();
    expect(resolve).toHaveBeenCalledWith({
      fields: { domain: 'annwrites.wordpress.com', postId: '77' },
      sub: '2000',
      templateId: 'styledHtml',
    });
  });
});

// @vitest-environment jsdom
import { DROPBOX_PATH_ERROR } from '@inkstone/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DropboxAccountDialog, DropboxLocationDialog } from './dropbox-dialogs';
import { type DropboxLocationDialogProps } from './dropbox-dialog-types';
import { tokenPath } from './dropbox-paths';
import { dialogHarness, typeInto } from '../../testing/dialog-harness';

const ui = dialogHarness();

const restricted = { sub: 'dbid:a', name: 'Alice', fullAccess: false };
const full = { sub: 'dbid:b', name: 'Bob', fullAccess: true };

function show(props: DropboxLocationDialogProps) {
  const resolve = vi.fn();
  ui.render(<DropboxLocationDialog props={props} resolve={resolve} reject={() => {}} />);
  const dialog = ui.host.querySelector('[role="dialog"]')!;
  const field = ui.host.querySelector<HTMLInputElement>('input[name="path"]')!;
  const type = (value: string) => typeInto(field, value);
  const ok = () =>
    act(() =>
      [...ui.host.querySelectorAll('button')]
        .find((button) => ['Ok', 'Open'].includes(button.textContent ?? ''))!
        .click(),
    );
  return { resolve, dialog, field, type, ok };
}

describe('the Dropbox file dialogs', () => {
  it('sync: proposes the path, shows the restricted folder in the example, and resolves the path the token sees', () => {
    const { resolve, dialog, field, type, ok } = show({
      purpose: 'sync',
      accounts: [restricted],
      defaultPath: '/Plan.md',
    });
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(ui.host.textContent).toContain('Synchronize with Dropbox');
    expect(field.value).toBe('/Plan.md');
    expect(ui.host.textContent).toContain('/Applications/Inkstone (restricted)/Plan.md');
    type('/Applications/Inkstone (restricted)/Notes/Plan.md');
    ok();
    expect(resolve).toHaveBeenCalledWith({
      purpose: 'sync',
      sub: 'dbid:a',
      path: '/Notes/Plan.md',
    });
  });

  it('says a path the rule refuses beside the field, keeping what was typed', () => {
    const { resolve, field, type, ok } = show({
      purpose: 'open',
      accounts: [full],
      defaultPath: '',
    });
    type('notes/a?.md');
    ok();
    expect(resolve).not.toHaveBeenCalled();
    expect(ui.host.querySelector('[role="alert"]')?.textContent).toBe(DROPBOX_PATH_ERROR);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('notes/a?.md');
    type('/notes/a.md');
    expect(ui.host.querySelector('[role="alert"]')).toBeNull();
    ok();
    expect(resolve).toHaveBeenCalledWith({ purpose: 'open', sub: 'dbid:b', path: '/notes/a.md' });
  });

  it('publish: the name plus .html, the template chosen, the account chosen among several', () => {
    const { resolve, ok } = show({
      purpose: 'publish',
      accounts: [restricted, full],
      defaultPath: '/Post.html',
      templates: [
        { id: 'styledHtml', name: 'Styled HTML' },
        { id: 'plainHtml', name: 'Plain HTML' },
      ],
    });
    const [account, template] = [...ui.host.querySelectorAll('select')];
    act(() => {
      account!.value = 'dbid:b';
      account!.dispatchEvent(new Event('change', { bubbles: true }));
      template!.value = 'plainHtml';
      template!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(ui.host.textContent).not.toContain('/Applications/Inkstone (restricted)/Post.html');
    ok();
    expect(resolve).toHaveBeenCalledWith({
      purpose: 'publish',
      sub: 'dbid:b',
      path: '/Post.html',
      templateId: 'plainHtml',
    });
  });

  it('the account dialog: the restricted choice, fixed when the server offers one app only', () => {
    const resolve = vi.fn();
    ui.render(
      <DropboxAccountDialog
        props={{ restrictedAccess: false, offers: { full: false, restricted: true } }}
        resolve={resolve}
        reject={() => {}}
      />,
    );
    expect(ui.host.textContent).toContain('Add Dropbox account');
    const box = ui.host.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(box.parentElement?.textContent).toContain(
      'Restrict access to /Applications/Inkstone (restricted)',
    );
    act(() => [...ui.host.querySelectorAll('button')].find((b) => b.textContent === 'Ok')!.click());
    expect(resolve).toHaveBeenCalledWith({ restrictedAccess: true });
  });

  it('tokenPath keeps a full account’s /Applications path as typed', () => {
    expect(tokenPath('/Applications/Inkstone (restricted)/a.md', true)).toBe(
      '/Applications/Inkstone (restricted)/a.md',
    );
    expect(tokenPath(' /a.md ', false)).toBe('/a.md');
  });

  it("open: the files chosen in Dropbox's Chooser resolve by their ids; a restricted account is told to type the path", async () => {
    const chosen = [
      { id: 'id:a1', name: 'Plan.md', link: 'https://dl.example/a' },
      { id: 'id:b2', name: 'Notes.md', link: 'https://dl.example/b' },
    ];
    let options: { success(files: typeof chosen): void; multiselect: boolean } | undefined;
    (window as unknown as { Dropbox?: unknown }).Dropbox = {
      choose: (asked: typeof options) => {
        options = asked;
      },
    };
    try {
      const { resolve } = show({
        purpose: 'open',
        accounts: [full],
        defaultPath: '',
        chooserAppKey: 'full-key',
      });
      const chooseButton = () =>
        [...ui.host.querySelectorAll('button')].find(
          (button) => button.textContent === 'Choose from Dropbox',
        )!;
      await act(async () => {
        chooseButton().click();
        await Promise.resolve();
      });
      expect(options?.multiselect).toBe(true);
      await act(async () => {
        options!.success(chosen);
        await Promise.resolve();
      });
      expect(resolve).toHaveBeenCalledWith({
        purpose: 'open',
        sub: 'dbid:b',
        path: 'id:a1',
        paths: ['id:a1', 'id:b2'],
      });

      ui.remount();
      const other = show({
        purpose: 'open',
        accounts: [restricted],
        defaultPath: '',
        chooserAppKey: 'full-key',
      });
      await act(async () => {
        chooseButton().click();
        await Promise.resolve();
      });
      expect(ui.host.querySelector('[role="status"]')?.textContent).toMatch(
        /Type the path instead\.$/,
      );
      expect(other.resolve).not.toHaveBeenCalled();
    } finally {
      delete (window as unknown as { Dropbox?: unknown }).Dropbox;
    }
  });
});

// @vitest-environment jsdom
import {
  DRIVE_ID_INVALID,
  GOOGLE_SCOPE,
  type GoogleScopeNeeds,
  type GoogleToken,
} from '@inkstone/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppContext, type AppServices } from '../../components/app-context';
import { ModalCancelled, ModalStack } from '../../services/modals';
import { googleAccounts, registerGoogleAccounts } from '../google/google-accounts-port';
import { openDriveSyncDialog, openDriveWorkspaceDialog } from './drive-dialog-actions';
import { DRIVE_FILE_ID_REQUIRED, DriveLocationDialog, DriveWorkspaceDialog } from './drive-dialogs';
import { type DriveLocationDialogProps } from './drive-dialog-types';
import { DRIVE_SETTINGS_DEFAULTS } from './drive-settings';
import { PICKER_UNAVAILABLE } from './picker-loader';
import { dialogHarness, typeInto } from '../../testing/dialog-harness';

const ui = dialogHarness();

const FOLDER = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const FILE = '1ZyXwVuTsRqPoNmLkJiHgFeDcBa_-9876';

const token = (sub: string, name: string, scopes: string[]): GoogleToken => ({
  sub,
  name,
  scopes: [GOOGLE_SCOPE.openid, GOOGLE_SCOPE.profile, ...scopes],
  accessToken: `access-${sub}`,
  expiresOn: Date.now() + 3_600_000,
  idToken: 'id',
});

// The app's Google accounts as the dialogs see them: `linked` listed, `link` recorded and
// giving a new drive account.
function fakeAccounts(linked: GoogleToken[]) {
  const links: GoogleScopeNeeds[] = [];
  registerGoogleAccounts({
    list: () => Promise.resolve(linked),
    link: (needs) => {
      links.push(needs);
      return Promise.resolve(
        token('new', 'New Person', [
          needs.drive === 'full' ? GOOGLE_SCOPE.drive : GOOGLE_SCOPE.driveFile,
        ]),
      );
    },
    fresh: (sub) => Promise.resolve(linked.find((known) => known.sub === sub)!),
  });
  return links;
}

afterEach(() => {
  registerGoogleAccounts(undefined);
});

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const dialog = () => {
  const found = ui.host.querySelector('[role="dialog"]');
  if (!found) throw new Error('no dialog');
  return found as HTMLElement;
};
const title = () => document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent;
const field = (name: string) => dialog().querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const button = (label: string) =>
  [...dialog().querySelectorAll('button')].find((candidate) => candidate.textContent === label)!;
const alerts = () =>
  [...dialog().querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);

// Types into a React-controlled input as a user does.
const click = (element: HTMLElement) => act(() => element.click());

async function renderLocation(
  props: Partial<DriveLocationDialogProps> & Pick<DriveLocationDialogProps, 'purpose'>,
  services: AppServices | null = null,
) {
  const resolve = vi.fn();
  const reject = vi.fn();
  ui.render(
    <AppContext.Provider value={services}>
      <DriveLocationDialog
        props={{ defaults: DRIVE_SETTINGS_DEFAULTS, apiKey: '', ...props }}
        resolve={resolve}
        reject={reject}
      />
    </AppContext.Provider>,
  );
  await flush();
  return { resolve, reject };
}

describe('Synchronize with Google Drive (spec providers §2)', () => {
  it('is a dialog with its title, showing the default folder, and resolves with the location', async () => {
    fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.drive])]);
    const { resolve } = await renderLocation({
      purpose: 'sync',
      defaults: { ...DRIVE_SETTINGS_DEFAULTS, googleDriveFolderId: FOLDER },
    });
    expect(title()).toBe('Synchronize with Google Drive');
    expect(field('folderId').value).toBe(FOLDER);
    typeInto(field('fileId'), `https://drive.google.com/file/d/${FILE}/view`);
    click(button('Ok'));
    await flush();
    expect(resolve).toHaveBeenCalledWith({
      purpose: 'sync',
      sub: 'me',
      fields: { driveParentId: FOLDER, driveFileId: FILE },
    });
  });

  it('says what is wrong beside the field and keeps what was typed', async () => {
    fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.drive])]);
    const { resolve } = await renderLocation({ purpose: 'sync' });
    typeInto(field('folderId'), 'my notes');
    click(button('Ok'));
    await flush();
    expect(resolve).not.toHaveBeenCalled();
    expect(alerts()).toEqual([DRIVE_ID_INVALID.folder]);
    expect(field('folderId').value).toBe('my notes');
    expect(field('folderId').getAttribute('aria-invalid')).toBe('true');
  });

  it('says why the picker is not there and leaves the ID fields usable', async () => {
    fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.drive])]);
    const { resolve } = await renderLocation({ purpose: 'sync', apiKey: '' });
    expect(dialog().textContent).toContain(PICKER_UNAVAILABLE.noApiKey);
    click(button('Choose folder'));
    await flush();
    typeInto(field('folderId'), FOLDER);
    click(button('Ok'));
    await flush();
    expect(resolve).toHaveBeenCalledWith({
      purpose: 'sync',
      sub: 'me',
      fields: { driveParentId: FOLDER },
    });
  });

  it('links an account from Ok through the googleDriveAccount dialog, restricted when asked there', async () => {
    const links = fakeAccounts([token('login', 'Login only', [GOOGLE_SCOPE.driveAppData])]);
    const asked: string[] = [];
    const saved: unknown[] = [];
    const services = {
      modals: {
        open: (name: string) => {
          asked.push(name);
          return Promise.resolve({ restrictedAccess: true });
        },
      },
      googleAccounts: { link: googleAccounts().link },
      workspace: {
        saveLocalSettings: (changes: unknown) => (saved.push(changes), Promise.resolve()),
      },
    } as unknown as AppServices;
    const { resolve } = await renderLocation({ purpose: 'sync' }, services);
    // No checkbox of its own: the choice is the account dialog's.
    expect(dialog().querySelector('input[type="checkbox"]')).toBeNull();
    click(button('Ok'));
    await flush();
    expect(asked).toEqual(['googleDriveAccount']);
    expect(links).toEqual([{ drive: 'restricted' }]);
    expect(saved).toEqual([{ googleDriveRestrictedAccess: true }]);
    expect(resolve).toHaveBeenCalledWith({ purpose: 'sync', sub: 'new', fields: {} });
  });

  it('stays open with what was typed when the account dialog is cancelled', async () => {
    const links = fakeAccounts([]);
    const services = {
      modals: { open: () => Promise.reject(new ModalCancelled()) },
      googleAccounts: { link: googleAccounts().link },
      workspace: { saveLocalSettings: () => Promise.resolve() },
    } as unknown as AppServices;
    const { resolve } = await renderLocation({ purpose: 'sync' }, services);
    typeInto(field('folderId'), FOLDER);
    click(button('Ok'));
    await flush();
    expect(links).toEqual([]);
    expect(resolve).not.toHaveBeenCalled();
    expect(alerts()).toEqual([]);
    expect(field('folderId').value).toBe(FOLDER);
  });

  it('offers the choice of account when several can serve', async () => {
    fakeAccounts([
      token('a', 'Ann', [GOOGLE_SCOPE.drive]),
      token('b', 'Bob', [GOOGLE_SCOPE.driveFile]),
    ]);
    const { resolve } = await renderLocation({ purpose: 'sync' });
    const select = dialog().querySelector('select')!;
    expect([...select.options].map((option) => option.text)).toEqual(['Ann', 'Bob']);
    act(() => {
      select.value = 'b';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    click(button('Ok'));
    await flush();
    expect(resolve.mock.calls[0]![0]).toMatchObject({ sub: 'b' });
  });
});

describe('Open from Google Drive', () => {
  it('needs the file and takes a pasted link', async () => {
    fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.driveFile])]);
    const { resolve } = await renderLocation({ purpose: 'open' });
    expect(title()).toBe('Open from Google Drive');
    expect(dialog().querySelector('input[name="folderId"]')).toBeNull();
    click(button('Open'));
    await flush();
    expect(alerts()).toEqual([DRIVE_FILE_ID_REQUIRED]);
    typeInto(field('fileId'), `https://drive.google.com/open?id=${FILE}`);
    click(button('Open'));
    await flush();
    expect(resolve).toHaveBeenCalledWith({ purpose: 'open', sub: 'me', fileId: FILE });
  });
});

describe('Publish to Google Drive', () => {
  it('exports Markdown by default and shows the Template only for HTML', async () => {
    fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.drive])]);
    const templates = [
      { id: 'plainHtml', name: 'Plain HTML' },
      { id: 'styledHtml', name: 'Styled HTML' },
    ];
    const { resolve } = await renderLocation({ purpose: 'publish', templates });
    expect(title()).toBe('Publish to Google Drive');
    const radios = [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(
      radios.map((radio) => [radio.parentElement?.textContent?.trim(), radio.checked]),
    ).toEqual([
      ['Export Markdown', true],
      ['Export HTML', false],
    ]);
    expect(dialog().querySelector('select')).toBeNull();
    click(radios[1]!);
    const select = dialog().querySelector('select')!;
    expect(select.value).toBe('plainHtml');
    act(() => {
      select.value = 'styledHtml';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeInto(field('fileId'), FILE);
    click(button('Ok'));
    await flush();
    expect(resolve).toHaveBeenCalledWith({
      purpose: 'publish',
      sub: 'me',
      fields: { driveFileId: FILE, format: 'html', templateId: 'styledHtml' },
    });
  });
});

describe('Add a Google Drive workspace', () => {
  async function renderWorkspace(defaultFolderId = '') {
    const resolve = vi.fn();
    ui.render(
      <DriveWorkspaceDialog
        props={{ defaultFolderId, apiKey: '' }}
        resolve={resolve}
        reject={vi.fn()}
      />,
    );
    await flush();
    return resolve;
  }

  it('an empty Folder ID asks for a new folder; a restricted account is widened to full access', async () => {
    const links = fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.driveFile])]);
    const resolve = await renderWorkspace();
    expect(title()).toBe('Add a Google Drive workspace');
    expect(dialog().querySelector('input[type="checkbox"]')).toBeNull();
    click(button('Ok'));
    await flush();
    expect(links).toEqual([{ drive: 'full' }]);
    expect(resolve).toHaveBeenCalledWith({ sub: 'new' });
  });

  it('takes a folder link, and refuses a file link beside the field', async () => {
    fakeAccounts([token('me', 'Me', [GOOGLE_SCOPE.drive])]);
    const resolve = await renderWorkspace();
    typeInto(field('folderId'), `https://drive.google.com/file/d/${FILE}/view`);
    click(button('Ok'));
    await flush();
    expect(alerts()).toHaveLength(1);
    expect(resolve).not.toHaveBeenCalled();
    typeInto(field('folderId'), `https://drive.google.com/drive/folders/${FOLDER}`);
    click(button('Ok'));
    await flush();
    expect(resolve).toHaveBeenCalledWith({ sub: 'me', folderId: FOLDER });
  });
});

describe('the Drive dialogs’ defaults (spec providers §3 local settings)', () => {
  // The workspace's local settings as the app keeps them.
  function memorySettings() {
    let settings = { ...DRIVE_SETTINGS_DEFAULTS };
    return {
      localSettings: () => settings,
      saveLocalSettings: (changes: Partial<typeof settings>) => {
        settings = { ...settings, ...changes };
        return Promise.resolve();
      },
    };
  }

  it('remember the folder of the last sync and workspace dialogs', async () => {
    const modals = new ModalStack();
    const settings = memorySettings();
    const context = { modals, ...settings, apiKey: () => Promise.resolve('') };
    const sync = openDriveSyncDialog(context);
    await flush();
    expect(modals.top?.props).toMatchObject({ purpose: 'sync', defaults: DRIVE_SETTINGS_DEFAULTS });
    modals.resolve(modals.top!.id, {
      purpose: 'sync',
      sub: 'me',
      fields: { driveParentId: FOLDER },
    });
    expect(await sync).toMatchObject({ sub: 'me' });
    expect(settings.localSettings().googleDriveFolderId).toBe(FOLDER);
    const next = openDriveSyncDialog(context);
    await flush();
    expect(modals.top?.props).toMatchObject({ defaults: { googleDriveFolderId: FOLDER } });
    modals.reject(modals.top!.id);
    expect(await next).toBeUndefined();

    const cancelled = openDriveWorkspaceDialog(context);
    await flush();
    modals.reject(modals.top!.id);
    expect(await cancelled).toBeUndefined();
    const workspace = openDriveWorkspaceDialog(context);
    await flush();
    modals.resolve(modals.top!.id, { sub: 'me', folderId: FOLDER });
    await workspace;
    expect(settings.localSettings().googleDriveWorkspaceFolderId).toBe(FOLDER);
  });
});

import { expect } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  alert,
  editor,
  editorText,
  menu,
  openImageDialog,
  openMenu,
  pasteFiles,
  PNG_BASE64,
  preview,
  sharedApp,
} from './helpers';

const NO_IMAGE_BED = 'There is currently no selected image bed!';

// The placeholder of an image pasted today (its file name made unique).
const PLACEHOLDER =
  /^Before !\[Uploading (.+)…\]\(\/imgs\/\d{4}-\d{2}-\d{2}\/(.+)-[\w-]{8}\.png\)after$/;

test.describe('images in the editor', () => {
  const app = sharedApp();

  test('a pasted image shows in the preview at once from the local copy; no bed chosen says so', async () => {
    const page = app();
    await editor(page).click();
    await page.keyboard.insertText('Before after');
    for (let i = 0; i < 'after'.length; i += 1) await page.keyboard.press('ArrowLeft');
    await pasteFiles(page, [{ name: 'dot.png', type: 'image/png', base64: PNG_BASE64 }]);
    await expect.poll(() => editorText(page)).toMatch(PLACEHOLDER);
    const image = preview(page).getByRole('img', { name: 'Uploading dot.png…' });
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    // No image storage chosen: the image stays in the workspace, waiting.
    await expect(alert(page, NO_IMAGE_BED)).toBeVisible();
    await alert(page, NO_IMAGE_BED).getByRole('button', { name: 'Dismiss' }).click();
    // One undoable change.
    await editor(page).press('ControlOrMeta+z');
    await expect.poll(() => editorText(page)).toBe('Before after');
  });

  test('a file that is not an image is refused; with text beside it the text is pasted', async () => {
    const page = app();
    await editor(page).click();
    await pasteFiles(page, [{ name: 'notes.txt', type: 'text/plain', base64: btoa('secret') }]);
    await expect(alert(page, 'Only image files can be inserted.')).toBeVisible();
    expect(await editorText(page)).toBe('');
    await alert(page, 'Only image files can be inserted.')
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await pasteFiles(
      page,
      [{ name: 'notes.txt', type: 'text/plain', base64: btoa('secret') }],
      'plain words',
    );
    await expect.poll(() => editorText(page)).toBe('plain words');
  });

  test('the Insert image dialog takes an image file and shows it from the local copy', async () => {
    const page = app();
    const dialog = await openImageDialog(page);
    await expect(dialog.getByRole('combobox', { name: 'Image storage' })).toHaveValue('');
    await dialog.getByLabel('Image file').setInputFiles({
      name: 'photo one.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_BASE64, 'base64'),
    });
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => editorText(page))
      .toMatch(
        /^!\[Uploading photo one\.png…\]\(\/imgs\/\d{4}-\d{2}-\d{2}\/photo-one-[\w-]{8}\.png\)$/,
      );
    const image = preview(page).getByRole('img', { name: 'Uploading photo one.png…' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await alert(page, NO_IMAGE_BED).getByRole('button', { name: 'Dismiss' }).click();
  });

  test('an image file dropped on the editor goes in where it is dropped and shows at once', async () => {
    const page = app();
    await editor(page).click();
    await page.keyboard.insertText('Dropped here:');
    // The caret at the start; the drop at the end of the line.
    await editor(page).press('ControlOrMeta+Home');
    await editor(page).evaluate((element, base64) => {
      const line = element.querySelector('.cm-line')!.getBoundingClientRect();
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const at = { clientX: line.right - 2, clientY: line.top + line.height / 2 };
      const event = (type: string) =>
        new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, ...at });
      element.dispatchEvent(event('dragenter'));
      element.dispatchEvent(event('dragover'));
      element.dispatchEvent(event('drop'));
    }, PNG_BASE64);
    await expect
      .poll(() => editorText(page))
      .toMatch(
        /^Dropped here:!\[Uploading dropped\.png…\]\(\/imgs\/\d{4}-\d{2}-\d{2}\/dropped-[\w-]{8}\.png\)$/,
      );
    const image = preview(page).getByRole('img', { name: 'Uploading dropped.png…' });
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await alert(page, NO_IMAGE_BED).getByRole('button', { name: 'Dismiss' }).click();
  });

  test('the Workspace image path dialog requires a path; a relative one is used and shown', async () => {
    const page = app();
    await openMenu(page);
    await menu(page)
      .getByRole('button', { name: /^Workspaces/ })
      .click();
    await page
      .getByRole('region', { name: 'Workspaces' })
      .getByRole('button', { name: 'Manage workspaces' })
      .click();
    const manage = page.getByRole('dialog', { name: 'Manage workspaces' });
    await manage.getByRole('button', { name: 'Workspace image path' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspace image path' });
    const path = dialog.getByRole('textbox', { name: 'Path' });
    await expect(path).toHaveValue('/imgs/{YYYY}-{MM}-{DD}');
    await path.fill('');
    await expect(dialog.getByRole('alert')).toHaveText('Path is required.');
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeDisabled();
    await path.fill('./pics/{MDNAME}');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await manage.getByRole('button', { name: 'Cancel' }).click();
    await expect(manage).toBeHidden();

    await editor(page).click();
    await pasteFiles(page, [{ name: 'dot.png', type: 'image/png', base64: PNG_BASE64 }]);
    // {MDNAME} is the file's name, spaces kept: the link goes in angle brackets.
    await expect
      .poll(() => editorText(page))
      .toMatch(/^!\[Uploading dot\.png…\]\(<\.\/pics\/Welcome file\/dot-[\w-]{8}\.png>\)$/);
    const image = preview(page).getByRole('img', { name: 'Uploading dot.png…' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await alert(page, NO_IMAGE_BED).getByRole('button', { name: 'Dismiss' }).click();
  });
});

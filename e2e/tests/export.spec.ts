import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { menu, openApp, openMenuEntry, preview, replaceText } from './helpers';

const TEXT = `# Export title

Some **bold** text.

| Fruit | Count |
|-------|-------|
| Apple | 3 |
`;

async function openExportDialog(page: Page) {
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: 'Export as HTML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to HTML' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function download(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

async function writeDocument(page: Page): Promise<void> {
  await openApp(page);
  await replaceText(page, TEXT);
  await expect(preview(page).getByRole('cell', { name: 'Apple' })).toBeVisible();
}

test('exports the file as HTML with the Styled HTML template', async ({ page }) => {
  await writeDocument(page);
  const dialog = await openExportDialog(page);
  await expect(dialog.getByLabel('Template')).toHaveValue('styledHtml');
  await expect(dialog.getByLabel('Template').locator('option:checked')).toHaveText('Styled HTML');
  const { name, text } = await download(page, dialog);
  expect(name).toMatch(/\.html$/);
  expect(text).toMatch(/^<!DOCTYPE html>/);
  expect(text).toContain('<h1 id="export-title">Export title</h1>');
  expect(text).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Fruit<\/th>/);
  expect(text).toContain('<td>Apple</td>');
  expect(text).toContain('<strong>bold</strong>');
  // Its own style, and nothing of the preview's scroll sync.
  expect(text).toMatch(/<style>[\s\S]*\.markdown-body table[\s\S]*<\/style>/);
  expect(text).not.toContain('data-line');
  await expect(dialog).toBeHidden();
});

test('a user template with a helper: made in Templates, chosen and remembered in the export', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await writeDocument(page);
  await openMenuEntry(page, 'Templates (7)');
  const templates = page.getByRole('dialog', { name: 'Templates' });
  await expect(templates).toBeVisible();

  // Built-in templates are read-only; a copy is not.
  await templates.getByRole('option', { name: 'Styled HTML', exact: true }).click();
  await expect(templates.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(templates.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await expect(templates.getByLabel('Template (Handlebars)')).not.toBeEditable();
  await templates.getByRole('button', { name: 'Copy' }).click();
  await expect(templates.getByLabel('Template name')).toHaveValue('Styled HTML copy');
  await page.keyboard.press('Escape');
  await expect(templates.getByRole('option', { name: 'Styled HTML copy' })).toBeVisible();
  await templates.getByRole('button', { name: 'Remove' }).click();
  await expect(templates.getByRole('option', { name: 'Styled HTML copy' })).toHaveCount(0);

  await templates.getByRole('button', { name: 'New' }).click();
  const nameField = templates.getByLabel('Template name');
  await expect(nameField).toHaveValue('New template');
  await nameField.fill('  Shouting\ttemplate ');
  await nameField.press('Enter');
  await expect(templates.getByRole('option', { name: 'Shouting template' })).toBeVisible();
  await templates
    .getByLabel('Template (Handlebars)')
    .fill('{{#each files}}<h1>{{shout name}}</h1>{{{content.html}}}{{/each}}');
  await templates
    .getByLabel(/^Helpers/)
    .fill("Handlebars.registerHelper('shout', (text) => String(text).toUpperCase() + '!');");
  await templates.getByRole('button', { name: 'Ok' }).click();
  await expect(templates).toBeHidden();
  await expect(menu(page).getByRole('button', { name: 'Templates (8)' })).toBeVisible();

  let dialog = await openExportDialog(page);
  await dialog.getByLabel('Template').selectOption({ label: 'Shouting template' });
  const { text } = await download(page, dialog);
  expect(text).toMatch(/^<h1>[^<]+!<\/h1><h1 id="export-title">Export title<\/h1>/);
  expect(text).toMatch(/^<h1>[^<a-z]+!<\/h1>/);
  expect(text).toContain('<td>Apple</td>');

  // The choice is remembered; Copy HTML puts the same on the clipboard.
  dialog = await openExportDialog(page);
  await expect(dialog.getByLabel('Template').locator('option:checked')).toHaveText(
    'Shouting template',
  );
  await dialog.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'HTML copied to clipboard!' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
});

test('a helper that never returns is stopped after 10 s with “Template generation timeout.”', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await writeDocument(page);
  await openMenuEntry(page, 'Templates (7)');
  const templates = page.getByRole('dialog', { name: 'Templates' });
  await templates.getByRole('button', { name: 'New' }).click();
  await templates.getByLabel('Template name').fill('Forever');
  await templates.getByLabel('Template name').press('Enter');
  await templates.getByLabel('Template (Handlebars)').fill('{{loop}}');
  await templates
    .getByLabel(/^Helpers/)
    .fill("Handlebars.registerHelper('loop', () => { for (;;) {} });");
  await templates.getByRole('button', { name: 'Ok' }).click();

  const dialog = await openExportDialog(page);
  await dialog.getByLabel('Template').selectOption({ label: 'Forever' });
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Template generation timeout.' }).first(),
  ).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
  // The page never waited on the loop: the editor still takes typing.
  await expect(dialog.getByRole('alert')).toHaveText('Template generation timeout.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await replaceText(page, '# Still alive');
  await expect(preview(page).getByRole('heading', { name: 'Still alive' })).toBeVisible();
});

test('exports the file as PDF through the server: a real PDF holding the document’s text', async ({
  page,
}) => {
  // The test server runs with sponsorship off, so everyone counts as a sponsor (spec core §5).
  await writeDocument(page);
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to PDF' });
  await expect(dialog.getByLabel('Template')).toHaveValue('styledHtml');
  await expect(dialog).toContainText('Page A4');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const path = (await file.path())!;
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('Export title');
  expect(text).toMatch(/Apple\s+3/);
  await expect(dialog).toBeHidden();
});

test('exports the file with pandoc: a Word file that reads back with the document’s words', async ({
  page,
}) => {
  await writeDocument(page);
  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: 'Export with Pandoc' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export with Pandoc' });
  await expect(dialog.getByLabel('Format')).toHaveValue('pdf');
  await dialog.getByLabel('Format').selectOption('docx');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.docx$/);
  const path = (await file.path())!;
  const text = execFileSync('pandoc', ['-f', 'docx', '-t', 'plain', path], { encoding: 'utf8' });
  expect(text).toContain('Export title');
  expect(text).toContain('bold');
  expect(text).toMatch(/Apple\s+3/);
  await expect(dialog).toBeHidden();
  // The format is remembered.
  await page.getByRole('button', { name: 'Export with Pandoc' }).click();
  await expect(dialog.getByLabel('Format')).toHaveValue('docx');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

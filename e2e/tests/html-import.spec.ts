import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editorText, openApp, openMenuEntry, preview } from './helpers';

async function importHtml(page: Page, name: string, html: string): Promise<void> {
  await openMenuEntry(page, 'Import/export');
  await page.getByLabel('Import HTML').setInputFiles({
    name,
    mimeType: 'text/html',
    buffer: Buffer.from(html, 'utf8'),
  });
  await expect(page.getByRole('textbox', { name: 'File title' })).toHaveValue(
    name.replace(/\.html$/, ''),
  );
}

// A page as a browser saves it, or another app exports it: a table, struck-out text, a task list.
const PAGE = `<!doctype html><html><head><title>Plan</title></head><body>
<h2>Plan</h2>
<table>
  <thead><tr><th>Task</th><th align="center">Owner</th></tr></thead>
  <tbody>
    <tr><td>Write the draft</td><td align="center">Ann</td></tr>
    <tr><td>Print | bind</td><td align="center">Bo</td></tr>
  </tbody>
</table>
<p>Meeting on <del>Monday</del> <s>Tuesday</s> Friday.</p>
<ul>
  <li><input type="checkbox" checked disabled> Book the room</li>
  <li><input type="checkbox" disabled> Send the agenda</li>
</ul>
</body></html>`;

test('HTML import keeps tables, strikethrough and task lists as GFM markdown', async ({ page }) => {
  await openApp(page);
  await importHtml(page, 'plan.html', PAGE);
  await expect
    .poll(() => editorText(page))
    .toBe(
      [
        '## Plan',
        '',
        '| Task | Owner |',
        '| --- | :---: |',
        '| Write the draft | Ann |',
        '| Print \\| bind | Bo  |',
        '',
        'Meeting on ~~Monday~~ ~~Tuesday~~ Friday.',
        '',
        '-   [x]  Book the room',
        '-   [ ]  Send the agenda',
      ].join('\n'),
    );

  const table = preview(page).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Task', 'Owner']);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'Print | bind' })).toBeVisible();
  await expect(preview(page).locator('del, s')).toHaveText(['Monday', 'Tuesday']);
  const boxes = preview(page).getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await expect(boxes.first()).toBeChecked();
  await expect(boxes.last()).not.toBeChecked();
});

test('HTML import with GFM still follows the turndown settings', async ({ page }) => {
  await openApp(page);
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog
    .getByRole('textbox', { name: 'Custom settings' })
    .fill("turndown:\n  headingStyle: setext\n  bulletListMarker: '*'\n  strongDelimiter: __\n");
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();

  await importHtml(
    page,
    'notes.html',
    '<h1>Notes</h1><p><strong>Due</strong> <strike>soon</strike></p>' +
      '<ul><li><input type="checkbox"> call</li></ul>' +
      '<table><tr><td>no head</td><td>row</td></tr></table>',
  );
  await expect
    .poll(() => editorText(page))
    .toBe(
      [
        'Notes',
        '=====',
        '',
        '__Due__ ~~soon~~',
        '',
        '*   [ ]  call',
        '',
        '|     |     |',
        '| --- | --- |',
        '| no head | row |',
      ].join('\n'),
    );
  await expect(
    preview(page).getByRole('table').getByRole('cell', { name: 'no head' }),
  ).toBeVisible();
});

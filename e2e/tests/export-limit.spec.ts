import { expect } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openApp, openMenuEntry, replaceText } from './helpers';

// About 3,000 characters of text, printed 14,000 times by the template below: a page of about
// 43 MB, over the server's 32 MB export limit.
const TEXT = `# Poster\n\n${'A line of the poster, printed again and again. '.repeat(60)}\n`;

test('a PDF export over the server’s body limit says why, in the server’s words', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openApp(page);
  await replaceText(page, TEXT);
  await openMenuEntry(page, 'Templates (7)');
  const templates = page.getByRole('dialog', { name: 'Templates' });
  await templates.getByRole('button', { name: 'New' }).click();
  await templates.getByLabel('Template name').fill('Poster');
  await templates.getByLabel('Template name').press('Enter');
  await templates
    .getByLabel('Template (Handlebars)')
    .fill('<html><body>{{#times 14000}}{{{files.[0].content.html}}}{{/times}}</body></html>');
  await templates
    .getByLabel(/^Helpers/)
    .fill(
      "Handlebars.registerHelper('times', function (n, options) { let out = ''; for (let i = 0; i < n; i += 1) out += options.fn(this); return out; });",
    );
  await templates.getByRole('button', { name: 'Ok' }).click();
  await expect(templates).toBeHidden();

  await openMenuEntry(page, 'Import/export');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to PDF' });
  await dialog.getByLabel('Template').selectOption({ label: 'Poster' });
  const answer = page.waitForResponse((response) => response.url().includes('/pdfExport'));
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  expect((await answer).status()).toBe(413);
  const message = 'The document is too large to export: the server takes at most 32 MB.';
  await expect(dialog.getByRole('alert')).toHaveText(message);
  await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
});

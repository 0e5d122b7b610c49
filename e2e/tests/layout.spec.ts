import { expect } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { editor, editorText, openApp, preview, replaceText, sharedApp } from './helpers';

const longDocument = Array.from(
  { length: 30 },
  (_, i) => `## Section ${i + 1}\n\n${'A sentence to fill the section. '.repeat(12)}\n`,
).join('\n');

test('the file title is renamed on Enter, reverted on Escape, and kept on reload', async ({
  page,
}) => {
  await openApp(page);
  const title = page.getByRole('textbox', { name: 'File title' });
  await title.click();
  await title.fill('My notes');
  await title.press('Enter');
  await expect(title).toHaveValue('My notes');

  await title.click();
  await title.fill('Something else');
  await title.press('Escape');
  await expect(title).toHaveValue('My notes');

  // An empty name keeps the old one; slashes are not allowed in names: asked before stripped.
  await title.click();
  await title.fill('   ');
  await title.press('Enter');
  await expect(title).toHaveValue('My notes');
  await title.click();
  await title.fill('Draft/final');
  await title.press('Enter');
  await page
    .getByRole('dialog', { name: 'Strip the name' })
    .getByRole('button', { name: 'Strip' })
    .click();
  await expect(title).toHaveValue('Draft final');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'File title' })).toHaveValue('Draft final');
});

test('the button bar hides and shows the preview and the status bar, and remembers', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Toggle side preview' }).click();
  await expect(preview(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle status bar' }).click();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.reload();
  await expect(editor(page)).toBeVisible();
  await expect(preview(page)).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toggle side preview' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.getByRole('button', { name: 'Toggle side preview' }).click();
  await page.getByRole('button', { name: 'Toggle status bar' }).click();
  await expect(preview(page).getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

// One page for the tests that need no reload (opening the app is most of a short test's time):
// each replaces the whole text, and closes or turns off what it opens or turns on.
test.describe('on one page', () => {
  const app = sharedApp();

  test('the table of contents lists the headings and scrolls the preview to one', async () => {
    const page = app();
    await replaceText(page, longDocument);
    await page.getByRole('button', { name: 'Toggle side bar' }).click();
    // The side bar opens on its menu; the table of contents is one of its entries.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Table of contents' })
      .click();
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(toc.getByRole('link')).toHaveCount(30);
    await expect(toc.getByRole('link').nth(0)).toHaveText('Section 1');

    const target = preview(page).getByRole('heading', { name: 'Section 25' });
    await expect(target).not.toBeInViewport();
    await toc.getByRole('link', { name: 'Section 25' }).click();
    await expect(target).toBeInViewport();

    // The contents follow the document.
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n\n# Appendix');
    await expect(toc.getByRole('link')).toHaveCount(31);
    await expect(toc.getByRole('link').last()).toHaveText('Appendix');
    // (Closed again, as the other tests of the page expect it.)
    await page.getByRole('button', { name: 'Toggle side bar' }).click();
    await expect(toc).toBeHidden();
  });

  test('the status bar counts the text and the preview', async () => {
    const page = app();
    await replaceText(page, '# Title\n\nOne two three.\n\n- four\n- five');
    const textStats = page.getByLabel('Text statistics');
    await expect(textStats).toContainText('Bytes38');
    await expect(textStats).toContainText('Words9');
    await expect(textStats).toContainText('Lines6');
    const previewStats = page.getByLabel('Preview statistics');
    await expect(previewStats).toContainText('Words6');
    await expect(previewStats).toContainText('Paragraphs4');
    await expect(previewStats).toContainText(`Characters${'TitleOnetwothree.fourfive'.length}`);
    expect(await editorText(page)).toContain('- five');
  });

  test('scroll sync brings the preview to the part of the document the editor shows', async () => {
    // (Slow when the machine is busy: many small scroll steps, each measured.)
    test.setTimeout(60_000);
    const page = app();
    await replaceText(page, longDocument);
    const heading = preview(page).getByRole('heading', { name: 'Section 20', exact: true });
    await expect(heading).not.toBeInViewport();
    // Scroll the editor down until "## Section 20" shows in the upper half of the editor (the
    // editor draws lines a little past its viewport: being drawn is not being shown).
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+Home');
    const scroller = page.locator('.cm-scroller');
    const editorLine = editor(page).getByText('## Section 20', { exact: true });
    const inUpperHalf = async () => {
      const box = await scroller.boundingBox();
      const line = (await editorLine.isVisible()) ? await editorLine.boundingBox() : null;
      return !!box && !!line && line.y >= box.y && line.y + line.height <= box.y + box.height / 2;
    };
    // (Steps of 300 px, less than half the editor's height, so the line cannot jump past the
    // upper half.)
    await scroller.hover();
    for (let i = 0; i < 40 && !(await inUpperHalf()); i += 1) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(50);
    }
    expect(await inUpperHalf()).toBe(true);
    await expect(heading).toBeInViewport({ timeout: 2_000 });

    // With scroll sync off, the preview stays where it is.
    await page.getByRole('button', { name: 'Toggle scroll sync' }).click();
    await scroller.hover();
    await page.mouse.wheel(0, -6000);
    await expect(editor(page).getByText('## Section 20', { exact: true })).not.toBeInViewport();
    await page.waitForTimeout(700);
    await expect(heading).toBeInViewport();

    // Back on, scrolling the preview brings the editor along: with "Section 20" at the top of the
    // preview, the editor shows its source line.
    await page.getByRole('button', { name: 'Toggle scroll sync' }).click();
    const sourceLine = editor(page).getByText('## Section 20', { exact: true });
    await expect(sourceLine).not.toBeInViewport();
    await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await preview(page).hover();
    await page.mouse.wheel(0, 1);
    await expect(sourceLine).toBeInViewport({ timeout: 2_000 });
  });

  test('the preview follows the editor from one end of a long text to the other without gliding through the whole text', async () => {
    test.setTimeout(60_000);
    const page = app();
    const parts = Array.from(
      { length: 200 },
      (_, i) => `## Part ${i + 1}\n\n${'Words to fill the part of the text. '.repeat(25)}\n`,
    ).join('\n');
    // Typed in at once: the caret, and the editor, end at the last part, and so does the preview.
    await replaceText(page, parts);
    const last = preview(page).getByRole('heading', { name: 'Part 200', exact: true });
    await expect(last).toBeInViewport({ timeout: 10_000 });
    // (The sync glides, then measures again for a few frames: let it end.)
    await page.waitForTimeout(700);
    // Each frame's scroll position of the preview from here on.
    const start = await preview(page).evaluate((scroller) => {
      const tops: number[] = [];
      (window as unknown as { previewTops: number[] }).previewTops = tops;
      // (Until the test ends and takes the record away.)
      const frame = () => {
        tops.push(scroller.scrollTop);
        if ((window as unknown as { previewTops?: number[] }).previewTops === tops) {
          requestAnimationFrame(frame);
        }
      };
      requestAnimationFrame(frame);
      return scroller.scrollTop;
    });
    await page.keyboard.press('ControlOrMeta+Home');
    await expect(
      preview(page).getByRole('heading', { name: 'Part 1', exact: true }),
    ).toBeInViewport();
    await page.waitForTimeout(500);
    const { tops, height } = await preview(page).evaluate((scroller) => {
      const recorded = window as unknown as { previewTops?: number[] };
      const tops = recorded.previewTops!;
      delete recorded.previewTops;
      return { tops, height: scroller.clientHeight };
    });
    expect(start).toBeGreaterThan(20 * height);
    expect(tops.at(-1)).toBeLessThan(height);
    // The preview jumped to half a pane from the top and glided only that: no frame showed the text
    // between its second pane and two panes above where it was (a glide from the end crossed all of
    // it, each frame laying out a part of the text shown for that frame only).
    expect(tops.filter((top) => top > 2 * height && top < start - 2 * height)).toEqual([]);
  });
});

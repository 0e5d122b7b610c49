import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { hashItem } from '@inkstone/core';
import {
  editor,
  editorText,
  openApp,
  pasteText,
  preview,
  replaceText,
  scrollToLine,
  sharedApp,
  storedRows,
} from './helpers';

/** Whether the word `word` on the editor's line holding `text` has a colour of its own. */
function coloured(page: Page, text: string, word: string): Promise<boolean> {
  return editor(page)
    .locator('.cm-line', { hasText: text })
    .first()
    .evaluate((line, wanted) => {
      const span = [...line.querySelectorAll('span')].find((each) => each.textContent === wanted);
      return span !== undefined && getComputedStyle(span).color !== getComputedStyle(line).color;
    }, word);
}

// One page for the tests that type a text and look at it (opening the app is most of a short
// test's time): each replaces the whole text. The hash test watches the app start its worker,
// and so opens its own.
test.describe('typed texts', () => {
  const app = sharedApp();

  test('undo and redo take back and restore what was typed', async () => {
    const page = app();
    await replaceText(page, 'Start.');
    await page.waitForTimeout(1100);
    await page.keyboard.type(' More words.');
    expect(await editorText(page)).toBe('Start. More words.');
    // The keys of a Linux keyboard (the end-to-end tests run Chromium on Linux).
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe('Start.');
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => editorText(page)).toBe('Start. More words.');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await expect.poll(() => editorText(page)).toBe('Start. More words.');
  });

  test('long lines wrap instead of scrolling sideways', async () => {
    const page = app();
    await replaceText(page, 'word '.repeat(400));
    const scroller = page.locator('.cm-scroller');
    const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // One source line, shown on several visual lines.
    await expect(editor(page).locator('.cm-line')).toHaveCount(1);
    const height = await editor(page)
      .locator('.cm-line')
      .evaluate((line) => line.clientHeight);
    expect(height).toBeGreaterThan(100);
  });

  test('markdown source is highlighted: headings bold, emphasis italic', async () => {
    const page = app();
    await replaceText(page, '# Big title\n\nSome *slanted* text');
    const heading = editor(page).locator('.cm-line').first().getByText('Big title');
    await expect(heading).toHaveCSS('font-weight', '700');
    const emphasis = editor(page).locator('.cm-line').nth(2).getByText('slanted');
    await expect(emphasis).toHaveCSS('font-style', 'italic');
    const plain = await editor(page)
      .locator('.cm-line')
      .nth(2)
      .evaluate((line) => getComputedStyle(line).fontStyle);
    expect(plain).toBe('normal');
  });

  test('highlighting follows typing: a fence opened above turns the text below into code, and undo brings the marks back', async () => {
    const page = app();
    await replaceText(page, 'Intro line.\n\nSome *slanted* text\n\n# Big title\n\nThe end.');
    const line = (n: number) => editor(page).locator('.cm-line').nth(n);
    await expect(line(2).getByText('slanted')).toHaveCSS('font-style', 'italic');
    await expect(line(4).getByText('Big title')).toHaveCSS('font-weight', '700');
    // Typed at the start of the third line: a fence that is never closed makes the rest code.
    await line(2).click();
    await page.keyboard.press('Home');
    await page.keyboard.type('```');
    await page.keyboard.press('Enter');
    const fontStyleOf = (text: string) =>
      editor(page)
        .locator('.cm-line', { hasText: text })
        .evaluate((element, wanted) => {
          // The innermost element holding the words (a mark's span, or the line itself).
          const spans = [...element.querySelectorAll('span')].filter((span) =>
            span.textContent?.includes(wanted),
          );
          const holder = spans.at(-1) ?? element;
          const style = getComputedStyle(holder);
          return `${style.fontStyle} ${style.fontWeight}`;
        }, text);
    await expect.poll(() => fontStyleOf('slanted')).toBe('normal 400');
    await expect.poll(() => fontStyleOf('Big title')).toBe('normal 400');
    // Undone, the emphasis and the heading are marked again.
    const original = 'Intro line.\n\nSome *slanted* text\n\n# Big title\n\nThe end.';
    for (let undo = 0; undo < 3 && (await editorText(page)) !== original; undo += 1) {
      await page.keyboard.press('Control+z');
    }
    expect(await editorText(page)).toBe(original);
    await expect(line(2).getByText('slanted')).toHaveCSS('font-style', 'italic');
    await expect(line(4).getByText('Big title')).toHaveCSS('font-weight', '700');
  });

  test('in a long text, the HTML and code blocks far from the caret are highlighted once scrolled to', async () => {
    const page = app();
    // About 110,000 characters between the two ends: the editor parses HTML and code only in or
    // near view, and parses a skipped block when it comes into view.
    const prose = Array.from(
      { length: 2000 },
      (_, i) => `Line ${i + 1} of plain prose, long enough to take some room.`,
    ).join('\n\n');
    const block = (name: string) =>
      `<span class="${name}">${name}</span>\n\n\`\`\`js\nconst ${name}Value = 1;\n\`\`\``;
    await replaceText(page, '');
    // Pasted, as a long text comes in (typed, it would take minutes).
    await pasteText(page, `${block('top')}\n\n${prose}\n\n${block('bottom')}\n`);
    // The caret is at the end: the bottom blocks are in view…
    await expect.poll(() => coloured(page, 'const bottomValue', 'const')).toBe(true);
    await expect.poll(() => coloured(page, 'class="bottom"', 'class')).toBe(true);
    // …and the top ones are highlighted once scrolled to.
    await scrollToLine(page, 'const topValue');
    await expect.poll(() => coloured(page, 'const topValue', 'const')).toBe(true);
    await scrollToLine(page, 'class="top"');
    await expect.poll(() => coloured(page, 'class="top"', 'class')).toBe(true);
  });

  test('typing at the end of a long paste, the text at the caret gets its colours while the typing goes on', async () => {
    const page = app();
    // About 900,000 characters: more than a keystroke's parse can reach, so the background
    // parse does it, and the keystrokes must not throw its work away (patches/, ADR 0006).
    const prose = Array.from(
      { length: 12_000 },
      (_, i) => `Line ${i + 1} of plain prose, with *some* words and a \`code span\` in it.`,
    ).join('\n\n');
    await replaceText(page, '');
    await pasteText(
      page,
      `${prose}\n\n## The last heading\n\n\`\`\`js\nconst lastValue = 1;\n\`\`\`\n`,
    );
    // A key every 100 ms at the caret (the end), as someone goes on typing after the paste.
    let colouredAt = -1;
    for (let key = 0; key < 150 && colouredAt < 0; key += 1) {
      await page.keyboard.type('x');
      if (
        (await coloured(page, 'const lastValue', 'const')) &&
        (await coloured(page, 'The last heading', '##'))
      )
        colouredAt = key;
      else await page.waitForTimeout(100);
    }
    expect(
      colouredAt,
      'keys typed before the text at the caret had its colours',
    ).toBeGreaterThanOrEqual(0);
    // Nothing typed was lost on the way.
    await expect
      .poll(() => editor(page).locator('.cm-line').last().textContent())
      .toBe('x'.repeat(colouredAt + 1));
  });

  test('a table of hundreds of rows is coloured as one table all the way down, and while typing in it', async () => {
    const page = app();
    const rows = Array.from(
      { length: 400 },
      (_, i) => `| ${i + 1} | row ${i + 1} with *emphasis* |`,
    );
    await replaceText(page, `| n | text |\n|---|---|\n${rows.join('\n')}\n\nAfter.`);
    // The colour of the first pipe of the line holding `text`, once CodeMirror draws the line.
    const pipeColour = async (text: string) => {
      await scrollToLine(page, text);
      return editor(page)
        .locator('.cm-line', { hasText: text })
        .first()
        .evaluate((element) => {
          const pipe = [...element.querySelectorAll('span')].find(
            (span) => span.textContent === '|',
          );
          return pipe ? getComputedStyle(pipe).color : 'no pipe mark';
        });
    };
    const head = await pipeColour('| n | text |');
    expect(head).not.toBe('no pipe mark');
    expect(head).not.toBe(
      await editor(page).evaluate((element) => getComputedStyle(element).color),
    );
    // Rows far below the head (the editor parses a long table in runs) are marked as table rows.
    for (const n of [150, 300, 399]) expect(await pipeColour(`| ${n} | row ${n} with`)).toBe(head);
    // Typed into a row in the middle: it and the rows around it stay table rows.
    await scrollToLine(page, '| 300 | row 300 with');
    await editor(page).locator('.cm-line', { hasText: '| 300 | row 300 with' }).click();
    await page.keyboard.press('End');
    for (let left = 0; left < 2; left += 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' typed');
    for (const n of [299, 300, 301]) expect(await pipeColour(`| ${n} | row ${n} with`)).toBe(head);
    await expect(
      preview(page).getByRole('cell', { name: 'row 300 with emphasis typed', exact: true }),
    ).toHaveCount(1);
  });
});

test('a saved text carries the content hash core computes for it, hashed off the main thread', async ({
  page,
}) => {
  await openApp(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  // Text of every kind the hash reads: quotes and backslashes (escaped in JSON), accents,
  // astral characters and a long body.
  const text = `# Saved "quoted" \\ text é€😀\n\n${'A line of the body.\n'.repeat(2000)}`;
  await replaceText(page, text);
  const stored = async () => (await storedRows(page)).filter((row) => row.type === 'content');
  await expect
    .poll(async () => (await stored()).some((row) => String(row.text).startsWith('# Saved')))
    .toBe(true);
  const row = (await stored()).find((item) => String(item.text).startsWith('# Saved'))!;
  expect(row.text).toBe(`${text.trimEnd()}\n`);
  const { tx: _tx, ...item } = row;
  expect(row.hash).toBe(hashItem(item));
  // The hash was computed in a worker of the app's own.
  expect(workers.some((url) => /\/_next\/static\//.test(url))).toBe(true);
});

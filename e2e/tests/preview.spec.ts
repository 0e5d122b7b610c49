import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { XSS_PAYLOADS } from './fixtures/xss-payloads';
import {
  editor,
  editorText,
  openApp,
  openMenuEntry,
  preview,
  replaceText,
  scrollToLine,
  sharedApp,
  skipTour,
  longFiller,
  untilStored,
} from './helpers';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// Opens a dialog from the navigation bar and returns it.
async function openDialog(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a file chooses its markdown preset in its properties', async ({ page }) => {
  await openApp(page);
  await replaceText(page, '~~gone~~ H~2~O 19^th^ ==marked==');
  await expect(preview(page).locator('del')).toHaveText('gone');
  await expect(preview(page).locator('sub')).toHaveText('2');
  await expect(preview(page).locator('mark')).toHaveText('marked');

  const dialog = await openDialog(page, 'File properties', 'File properties');
  await dialog.getByRole('tab', { name: 'YAML properties' }).click();
  const yaml = dialog.getByRole('textbox', { name: 'YAML properties' });
  // Invalid YAML: the parser says why, and saving waits until it is fixed.
  await yaml.fill('extensions: [');
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(dialog.getByRole('button', { name: 'Ok' })).toBeDisabled();
  await yaml.fill('extensions:\n  preset: commonmark\n');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  // CommonMark alone: no strikethrough, subscript or mark.
  await expect(preview(page).locator('del, sub, sup, mark')).toHaveCount(0);
  await expect(preview(page).locator('p')).toHaveText('~~gone~~ H~2~O 19^th^ ==marked==');

  // The dialog reopens on the tab last chosen; the simple tab shows the same choice, and a
  // switch in the YAML overrides the preset.
  const again = await openDialog(page, 'File properties', 'File properties');
  await expect(again.getByRole('tab', { name: 'YAML properties' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await again.getByRole('tab', { name: 'Simple properties' }).click();
  await expect(again.getByRole('combobox', { name: 'Markdown preset' })).toHaveValue('commonmark');
  await again.getByRole('tab', { name: 'YAML properties' }).click();
  await again
    .getByRole('textbox', { name: 'YAML properties' })
    .fill('extensions:\n  preset: commonmark\n  del: true\n');
  await again.getByRole('button', { name: 'Ok' }).click();
  // Without subscript, GFM strikethrough takes single tildes too.
  await expect(preview(page).locator('del')).toHaveText(['gone', '2']);
  await expect(preview(page).locator('sub, mark')).toHaveCount(0);

  // Kept with the file.
  await page.reload();
  await expect(preview(page).locator('del')).toHaveText(['gone', '2']);
  await expect(preview(page).locator('sub, mark')).toHaveCount(0);
});

test('the settings choose the preset for every file, and whether images show in the editor', async ({
  page,
}) => {
  await openApp(page);
  await replaceText(page, `# Title\n\n![dot](${PNG})\n`);
  await expect(preview(page).getByRole('heading', { name: 'Title' })).toBeVisible();
  await expect(editor(page).getByRole('img', { name: 'dot' })).toBeVisible();

  const dialog = await openDialog(page, 'Settings', 'Settings');
  await expect(dialog.getByRole('tab', { name: 'Default settings' })).toBeVisible();
  const custom = dialog.getByRole('textbox', { name: 'Custom settings' });
  await custom.fill('extensions:\n  preset: zero\neditor:\n  inlineImages: false\n');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  // The zero preset: plain paragraphs, no headings.
  await expect(preview(page).getByRole('heading')).toHaveCount(0);
  await expect(preview(page).locator('p').first()).toHaveText('# Title');
  await expect(editor(page).getByRole('img', { name: 'dot' })).toHaveCount(0);
});

// Short texts, one page for them all (opening the app is most of a short test's time): each
// test replaces the whole text. Those that change the settings or the file's properties, reload
// or open another file open their own page.
test.describe('short texts', () => {
  const app = sharedApp();

  test('[TOC] shows a table of contents that follows the headings', async () => {
    const page = app();
    await replaceText(page, '[TOC]\n\n# One\n\n## Two\n\n## Two\n');
    const toc = preview(page).locator('nav.table-of-contents');
    await expect(toc.getByRole('link')).toHaveText(['One', 'Two', 'Two']);
    await expect(toc.getByRole('link').nth(2)).toHaveAttribute('href', '#two-1');
    await expect(preview(page).locator('h2').nth(1)).toHaveAttribute('id', 'two-1');
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n\n## Three');
    await expect(toc.getByRole('link')).toHaveText(['One', 'Two', 'Two', 'Three']);
  });

  test('a click on a task box toggles its marker in the source', async () => {
    const page = app();
    await replaceText(page, 'Intro.\n\n- [ ] first\n- [x] second\n');
    const boxes = preview(page).getByRole('checkbox');
    await expect(boxes).toHaveCount(2);
    await boxes.nth(0).click();
    await expect.poll(() => editorText(page)).toBe('Intro.\n\n- [x] first\n- [x] second');
    await expect(boxes.nth(0)).toBeChecked();
    await boxes.nth(1).click();
    await expect.poll(() => editorText(page)).toBe('Intro.\n\n- [x] first\n- [ ] second');
    await expect(boxes.nth(1)).not.toBeChecked();
  });

  test('footnotes, abbreviations and link references resolve across the document', async () => {
    const page = app();
    await replaceText(
      page,
      'The HTML spec[^note] is [here][spec].\n\nMore text.\n\n[^note]: A footnote.\n\n*[HTML]: Hyper Text Markup Language\n\n[spec]: https://html.spec.whatwg.org/\n',
    );
    const first = preview(page).locator('p').first();
    await expect(first.locator('abbr')).toHaveAttribute('title', 'Hyper Text Markup Language');
    await expect(first.getByRole('link', { name: 'here' })).toHaveAttribute(
      'href',
      'https://html.spec.whatwg.org/',
    );
    await expect(first.locator('sup.footnote-ref')).toHaveText('[1]');
    await expect(preview(page).locator('.footnotes')).toContainText('A footnote.');
    // Editing a definition at the end changes the first paragraph.
    await editor(page).getByText('[spec]: https://html.spec.whatwg.org/').click();
    await page.keyboard.press('End');
    await page.keyboard.type('dev/');
    await expect(first.getByRole('link', { name: 'here' })).toHaveAttribute(
      'href',
      'https://html.spec.whatwg.org/dev/',
    );
  });

  test('fenced code is highlighted, its language loaded when used', async () => {
    const page = app();
    await replaceText(
      page,
      '```js\nconst answer = 42;\n```\n\n```python\ndef f():\n    return 1\n```\n',
    );
    await expect(preview(page).locator('code.language-js .hljs-keyword')).toHaveText('const');
    await expect(preview(page).locator('code.language-python .hljs-keyword').first()).toHaveText(
      'def',
    );
  });

  test('a link to a file that does not exist says so and stays', async () => {
    const page = app();
    await replaceText(page, 'See [nothing](missing.md).');
    await preview(page).getByRole('link', { name: 'nothing' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'missing.md' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'File title' })).toHaveValue('Welcome file');
  });
});

test('a relative link opens the file it points to, inside the app', async ({ page }) => {
  await openApp(page);
  await replaceText(
    page,
    'See [the other file](Other%20notes.md) and [the web](https://example.org).',
  );
  // Another tab creates "Other notes" (written to the local database as that tab would).
  await page.evaluate(async () => {
    const request = indexedDB.open('inkstone-db');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('objects', 'readwrite').objectStore('objects');
    const tx = await new Promise<number>((resolve) => {
      const cursor = store.index('tx').openCursor(null, 'prev');
      cursor.onsuccess = () => resolve((cursor.result?.key as number) ?? 0);
    });
    const id = 'otherNotesFile01';
    store.put({ id, type: 'file', name: 'Other notes', parentId: null, hash: 'h1', tx: tx + 1 });
    store.put({
      id: `${id}/content`,
      type: 'content',
      text: '# The other file\n',
      properties: '',
      discussions: {},
      comments: {},
      history: [],
      hash: 'h2',
      tx: tx + 1,
    });
    await new Promise((resolve) => (store.transaction.oncomplete = resolve));
    db.close();
  });
  await page.waitForTimeout(1200);
  const url = page.url();
  await preview(page).getByRole('link', { name: 'the other file' }).click();
  await expect(page.getByRole('textbox', { name: 'File title' })).toHaveValue('Other notes');
  await expect(preview(page).getByRole('heading', { name: 'The other file' })).toBeVisible();
  expect(page.url()).toBe(url);
});

// Long texts shown in several parts (sections of the preview), one page for them all; each test
// replaces the whole text, and marks the parts it expects kept with a mark of its own.
test.describe('long texts', () => {
  const app = sharedApp();
  // A mark no earlier test of the page has set, for the parts a test expects kept.
  let marks = 0;
  const newMark = () => `kept-${(marks += 1)}`;

  test('a long list and a long table read as one, and follow edits in place', async () => {
    test.setTimeout(60_000);
    const page = app();
    const mark = newMark();
    const items = Array.from({ length: 300 }, (_, i) => `${i + 1}. step ${i + 1} of the plan`);
    const rows = Array.from({ length: 200 }, (_, i) => `| ${i} | row ${i} of the table |`);
    await replaceText(
      page,
      `# Long\n\n${items.join('\n')}\n\n| n | text |\n|--:|---|\n${rows.join('\n')}\n`,
    );
    const body = preview(page);
    await expect(body.locator('li')).toHaveCount(300);
    await expect(body.locator('tbody tr')).toHaveCount(200);
    // Shown in several parts (sections of the preview), numbered on across them.
    expect(await body.locator('ol').count()).toBeGreaterThan(3);
    expect(await body.locator('table').count()).toBeGreaterThan(3);
    const layout = await body.evaluate((element) => {
      const lis = [...element.querySelectorAll('li')];
      const top = (node: Element) => node.getBoundingClientRect().top;
      // The gap between two items, inside a part and across two parts.
      const steps = lis.slice(1).map((li, i) => ({
        step: top(li) - top(lis[i]!),
        across: li.parentElement !== lis[i]!.parentElement,
      }));
      const markers = [...element.querySelectorAll('ol')].map((ol) => ol.start);
      const tables = [...element.querySelectorAll('table')];
      const column = (table: Element) =>
        table.querySelector('tbody tr td:nth-child(2)')!.getBoundingClientRect().left;
      return {
        inside: steps.filter((s) => !s.across).map((s) => s.step),
        across: steps.filter((s) => s.across).map((s) => s.step),
        markers,
        counts: [...element.querySelectorAll('ol')].map((ol) => ol.children.length),
        columns: tables.map(column),
      };
    });
    const usual = layout.inside[0]!;
    for (const step of [...layout.inside, ...layout.across]) expect(step).toBeCloseTo(usual, 0);
    expect(layout.markers[0]).toBe(1);
    layout.markers.slice(1).forEach((start, k) => {
      expect(start).toBe(layout.markers[k]! + layout.counts[k]!);
    });
    for (const left of layout.columns) expect(left).toBeCloseTo(layout.columns[0]!, 0);

    // An edit deep in the list shows, and the parts around it stay as they were.
    const last = body.locator('li').nth(299);
    await last.evaluate((li, value) => li.setAttribute('data-kept', value), mark);
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+Home');
    // (Line 41 holds step 40, in the list's second or third part.)
    for (let i = 0; i < 41; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type(' (edited)');
    await expect(body.locator('li').nth(39)).toHaveText('step 40 of the plan (edited)');
    await expect(body.locator(`li[data-kept="${mark}"]`)).toHaveText('step 300 of the plan');
  });

  test('an outline (a long list inside one item) reads as one list', async () => {
    const page = app();
    const points = Array.from({ length: 150 }, (_, i) => `   - point ${i + 1} of the outline`);
    await replaceText(page, `1. Before\n2. Outline\n${points.join('\n')}\n3. After\n`);
    const body = preview(page);
    await expect(body.locator('ol ul > li')).toHaveCount(150);
    await expect(body.locator('ol ul > li').last()).toHaveText('point 150 of the outline');
    // Shown in several parts (sections of the preview)...
    expect(await body.locator('ol').count()).toBeGreaterThan(1);
    const layout = await body.evaluate((element) => {
      const points = [...element.querySelectorAll('ol ul > li')];
      const top = (node: Element) => node.getBoundingClientRect().top;
      const outer = [...element.querySelectorAll<HTMLLIElement>('ol > li')];
      return {
        steps: points.slice(1).map((li, i) => top(li) - top(points[i]!)),
        lefts: points.map((li) => li.getBoundingClientRect().left),
        // The outer items with a marker of their own, and the numbers the lists start at.
        marked: outer
          .filter((li) => getComputedStyle(li).listStyleType !== 'none')
          .map((li) => li.textContent!.trim().split('\n')[0]),
        starts: [...element.querySelectorAll('ol')].map((ol) => ol.start),
      };
    });
    // ...that read as one: the points evenly spaced and indented alike across the parts; one
    // marker each for "Before", "Outline" and "After", which stays number 3.
    for (const step of layout.steps) expect(step).toBeCloseTo(layout.steps[0]!, 0);
    for (const left of layout.lefts) expect(left).toBeCloseTo(layout.lefts[0]!, 0);
    expect(layout.marked).toEqual(['Before', 'Outline', 'After']);
    expect(layout.starts.slice(1).every((start) => start === 2)).toBe(true);
  });

  test('a long list two levels down, and one in a quote, read as one list', async () => {
    const page = app();
    const tasks = Array.from({ length: 150 }, (_, i) => `    - task ${i + 1} of the project`);
    const quoted = Array.from({ length: 120 }, (_, i) => `> - quoted ${i + 1}`);
    const text = `- Project\n  - Tasks\n${tasks.join('\n')}\n  - Notes\n- Other\n\n> Said:\n>\n${quoted.join('\n')}\n>\n> Done.\n`;
    await replaceText(page, text);
    const body = preview(page);
    const deep = body.locator('ul ul ul > li');
    await expect(deep).toHaveCount(150);
    await expect(deep.last()).toHaveText('task 150 of the project');
    await expect(body.locator('blockquote li')).toHaveCount(120);
    // Shown in several parts (sections of the preview)...
    expect(await body.locator('blockquote').count()).toBeGreaterThan(1);
    expect(await body.locator('ul ul ul').count()).toBeGreaterThan(1);
    const layout = await body.evaluate((element) => {
      const box = (node: Element) => node.getBoundingClientRect();
      const stepsOf = (items: Element[]) =>
        items.slice(1).map((li, i) => box(li).top - box(items[i]!).top);
      const tasks = [...element.querySelectorAll('ul ul ul > li')];
      const quoted = [...element.querySelectorAll('blockquote li')];
      const quotes = [...element.querySelectorAll('blockquote')];
      return {
        taskSteps: stepsOf(tasks),
        taskLefts: tasks.map((li) => box(li).left),
        quotedSteps: stepsOf(quoted),
        quotedLefts: quoted.map((li) => box(li).left),
        gaps: quotes.slice(1).map((quote, k) => box(quote).top - box(quotes[k]!).bottom),
        // The items outside the long list with a marker of their own.
        marked: [...element.querySelectorAll('li')]
          .filter((li) => !li.closest('ul ul ul, blockquote'))
          .filter((li) => getComputedStyle(li).listStyleType !== 'none')
          .map((li) => li.firstChild!.textContent!.trim()),
      };
    });
    // ...that read as one: evenly spaced and indented alike across the parts, the quote's bar
    // unbroken, and one marker for each item holding the list.
    for (const step of layout.taskSteps) expect(step).toBeCloseTo(layout.taskSteps[0]!, 0);
    for (const left of layout.taskLefts) expect(left).toBeCloseTo(layout.taskLefts[0]!, 0);
    for (const step of layout.quotedSteps) expect(step).toBeCloseTo(layout.quotedSteps[0]!, 0);
    for (const left of layout.quotedLefts) expect(left).toBeCloseTo(layout.quotedLefts[0]!, 0);
    for (const gap of layout.gaps) expect(Math.abs(gap)).toBeLessThan(1);
    expect(layout.marked).toEqual(['Project', 'Tasks', 'Notes', 'Other']);
  });

  test('a long block quote reads as one quote, its bar unbroken', async () => {
    const page = app();
    const thoughts = Array.from({ length: 120 }, (_, i) => `> Thought ${i + 1} of the quote.`);
    await replaceText(page, `# Quoted\n\n${thoughts.join('\n>\n')}\n\nAfter.\n`);
    const body = preview(page);
    await expect(body.locator('blockquote p')).toHaveCount(120);
    await expect(body.locator('blockquote p').last()).toHaveText('Thought 120 of the quote.');
    // Shown in several parts (sections of the preview)...
    expect(await body.locator('blockquote').count()).toBeGreaterThan(1);
    const layout = await body.evaluate((element) => {
      const paragraphs = [...element.querySelectorAll('blockquote p')];
      const quotes = [...element.querySelectorAll('blockquote')];
      const box = (node: Element) => node.getBoundingClientRect();
      const steps = paragraphs.slice(1).map((p, i) => ({
        step: box(p).top - box(paragraphs[i]!).top,
        across: p.parentElement !== paragraphs[i]!.parentElement,
      }));
      return {
        inside: steps.filter((s) => !s.across).map((s) => s.step),
        across: steps.filter((s) => s.across).map((s) => s.step),
        gaps: quotes.slice(1).map((quote, k) => box(quote).top - box(quotes[k]!).bottom),
        lefts: paragraphs.map((p) => box(p).left),
      };
    });
    // ...that read as one: the same space between two paragraphs inside a part and across two,
    // the quote's bar running on from part to part, every paragraph at the same indent.
    expect(layout.across.length).toBeGreaterThan(0);
    const usual = layout.inside[0]!;
    for (const step of [...layout.inside, ...layout.across]) expect(step).toBeCloseTo(usual, 0);
    for (const gap of layout.gaps) expect(Math.abs(gap)).toBeLessThan(1);
    for (const left of layout.lefts) expect(left).toBeCloseTo(layout.lefts[0]!, 0);
  });

  test('a paragraph of hundreds of lines shows as runs that follow on, and follows edits', async () => {
    const page = app();
    const mark = newMark();
    const lines = Array.from({ length: 300 }, (_, i) => `Line ${i + 1} of one *long* paragraph.`);
    await replaceText(page, `# Prose\n\n${lines.join('\n')}\n\nAfter.\n`);
    const body = preview(page);
    await expect(body.getByText('After.')).toBeVisible();
    const runs = body.locator('p', { hasText: 'of one long paragraph' });
    // Shown in several parts (sections of the preview), the text whole and in order...
    expect(await runs.count()).toBeGreaterThan(3);
    const text = (await runs.allTextContents()).join('').replace(/\s+/g, ' ').trim();
    expect(text).toBe(lines.join(' ').replaceAll('*', ''));
    // ...with no space between them beyond a line's.
    const gaps = await runs.evaluateAll((elements) =>
      elements
        .slice(1)
        .map(
          (element, k) =>
            element.getBoundingClientRect().top - elements[k]!.getBoundingClientRect().bottom,
        ),
    );
    for (const gap of gaps) expect(Math.abs(gap)).toBeLessThan(1);

    // An edit in the middle shows; a run far from it is kept.
    await runs.last().evaluate((p, value) => p.setAttribute('data-kept', value), mark);
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+Home');
    // (Line 152 holds line 150 of the paragraph.)
    for (let i = 0; i < 151; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type(' Edited here.');
    await expect(
      body.locator('p', { hasText: 'Line 150 of one long paragraph. Edited here.' }),
    ).toHaveCount(1);
    await expect(body.locator(`p[data-kept="${mark}"]`)).toContainText('Line 300 of one');
  });
});

// Hovered and clicked over a long text (the Copy code button shows over the part hovered): on a
// page of their own, the mouse and the scroll where a fresh page has them.
// At the top level, and inside a list item (a step of a how-to with its listing).
for (const [where, indent, opening] of [
  ['', '', '# Listing'],
  [' in a list item', '   ', '1. Listing:'],
] as const) {
  test(`a long code block${where} reads as one, follows edits in place, and is copied whole`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApp(page);
    const lines = Array.from(
      { length: 300 },
      (_, i) => `const step${i + 1} = run(${i + 1}); // n${i + 1}`,
    );
    const code = `${lines.join('\n')}\n`;
    const fenced = ['```js', ...lines, '```'].map((line) => `${indent}${line}`).join('\n');
    await replaceText(page, `${opening}\n\n${fenced}\n\nAfter.\n`);
    const body = preview(page);
    const blocks = body.locator('pre');
    await expect(body.getByText('After.')).toBeVisible();
    // Highlighted to its end (the language loads on first use).
    await expect(blocks.last().locator('.hljs-keyword').last()).toHaveText('const');
    // Shown in several parts (sections of the preview) that hold the code in order...
    expect(await blocks.count()).toBeGreaterThan(3);
    expect((await blocks.allTextContents()).join('')).toBe(code);
    // ...and read as one block: each part starts where the last ended, and from the last line of
    // one part to the first of the next is one line, as inside a part.
    const layout = await body.evaluate((element) => {
      const pres = [...element.querySelectorAll('pre')];
      const lineTops = (pre: Element) => {
        const range = document.createRange();
        range.selectNodeContents(pre.querySelector('code')!);
        return [...new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))].sort(
          (a, b) => a - b,
        );
      };
      const tops = pres.map(lineTops);
      return {
        step: tops[0]![1]! - tops[0]![0]!,
        across: tops.slice(1).map((next, k) => next[0]! - tops[k]!.at(-1)!),
        gaps: pres
          .slice(1)
          .map(
            (pre, k) => pre.getBoundingClientRect().top - pres[k]!.getBoundingClientRect().bottom,
          ),
      };
    });
    for (const gap of layout.gaps) expect(Math.abs(gap)).toBeLessThan(1);
    for (const step of layout.across) expect(Math.abs(step - layout.step)).toBeLessThanOrEqual(1);

    // "Copy code" over any part copies the whole block.
    await blocks.nth(2).hover();
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // An edit deep in the block shows, and the parts away from it stay as they were.
    await blocks.last().evaluate((pre) => pre.setAttribute('data-kept', 'yes'));
    const kept = await blocks.last().textContent();
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+Home');
    // (Line 153 holds the code's line 150.)
    for (let i = 0; i < 152; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type(' edited');
    await expect(body.locator('pre', { hasText: 'run(150); // n150 edited' })).toHaveCount(1);
    await expect(body.locator('pre[data-kept="yes"]')).toHaveText(kept!);
    await expect(blocks.last().locator('.hljs-keyword').last()).toHaveText('const');
  });
}

test('in-page buttons copy a code block and a link to a heading, unless the settings hide them', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await replaceText(page, '# Getting started\n\n```js\nconst answer = 42;\n```\n');
  const code = preview(page).locator('pre');
  await code.hover();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42;\n');

  await preview(page).getByRole('heading', { name: 'Getting started' }).hover();
  await page.getByRole('button', { name: 'Copy link to heading' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('[Getting started](#getting-started)');

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog
    .getByRole('textbox', { name: 'Custom settings' })
    .fill('editor:\n  showInPageButtons: false\n  headButtons: false\n');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await code.hover();
  await preview(page).getByRole('heading', { name: 'Getting started' }).hover();
  await expect(page.getByRole('button', { name: /Copy (code|link to heading)/ })).toHaveCount(0);
});

test('an image far below loads once scrolled near; printing loads every image first', async ({
  page,
}) => {
  await openApp(page);
  const requested: string[] = [];
  await page.route('**/lazy-test/*.png', async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(PNG.slice(PNG.indexOf(',') + 1), 'base64'),
    });
  });
  await replaceText(
    page,
    `![Top](/lazy-test/top.png)\n\n${longFiller(0)}\n\n![Middle](/lazy-test/middle.png)\n\n${longFiller(300)}\n\n![Bottom](/lazy-test/bottom.png)`,
  );
  // Reopened at its top, as a long manuscript is: the preview has never shown its lower part.
  await page.keyboard.press('ControlOrMeta+Home');
  await untilStored(page, 'bottom.png');
  await page.waitForTimeout(500);
  requested.length = 0;
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  // Stands in for the browser's print dialog: records which images had arrived when printed.
  await page.evaluate(() => {
    const printed: boolean[][] = [];
    (window as unknown as { printed: typeof printed }).printed = printed;
    window.print = () =>
      void printed.push(
        [...document.querySelectorAll<HTMLImageElement>('.preview__content img')].map(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      );
  });
  const image = (name: string) => preview(page).getByRole('img', { name, exact: true });
  await expect(image('Bottom')).toBeAttached();
  await expect.poll(() => requested).toEqual(['/lazy-test/top.png']);
  // Given time, the far ones are not fetched.
  await page.waitForTimeout(1500);
  expect(requested).toEqual(['/lazy-test/top.png']);
  // Scrolled near, the middle one is; the last one, far still, is not.
  await image('Middle').scrollIntoViewIfNeeded();
  await expect
    .poll(() => image('Middle').evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(1);
  expect(requested).toEqual(['/lazy-test/top.png', '/lazy-test/middle.png']);
  // Printed, every image has arrived first.
  await openMenuEntry(page, 'Print');
  const printed = () => page.evaluate(() => (window as unknown as { printed: unknown[] }).printed);
  await expect.poll(printed).toEqual([[true, true, true]]);
  expect(requested.sort()).toEqual([
    '/lazy-test/bottom.png',
    '/lazy-test/middle.png',
    '/lazy-test/top.png',
  ]);
});

test('a long paste’s code, highlighted while it is shown, is coloured exactly as when the file is opened', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openApp(page);
  // Languages the worker loads before any paste, and some it loads when asked (haskell, lua).
  const samples: Record<string, (n: number) => string> = {
    js: (n) =>
      `// step ${n}\nconst total${n} = items.map((x) => x * ${n}).reduce((a, b) => a + b, 0);`,
    python: (n) =>
      `def step_${n}(xs):\n    """Step ${n}."""\n    return [x * ${n} for x in xs if x]`,
    bash: (n) => `for f in *.md; do\n  echo "step ${n}: $f" | grep -v '#' # ${n}\ndone`,
    html: (n) =>
      `<section id="s${n}">\n  <script>let n = ${n};</script>\n  <p class="x">${n}</p>\n</section>`,
    haskell: (n) => `step${n} :: [Int] -> Int\nstep${n} = foldr (+) ${n} . map (* 2) -- ${n}`,
    lua: (n) => `local function step${n}(t)\n  return #t + ${n} -- step\nend`,
  };
  const languages = Object.keys(samples);
  const blocks = Array.from({ length: 120 }, (_, n) => {
    const language = languages[n % languages.length]!;
    return `Step ${n}, in ${language}:\n\n\`\`\`${language}\n${samples[language]!(n)}\n${samples[language]!(n + 1000)}\n\`\`\``;
  });
  const text = `${blocks.join('\n\n')}\n\n${longFiller(0)}`;
  expect(text.length).toBeGreaterThan(20_000);
  const content = preview(page).locator('.preview__content');
  // Each code block's HTML, and its text.
  const codeOf = () =>
    content.evaluate((root) =>
      [...root.querySelectorAll('pre > code')].map((code) => ({
        html: code.outerHTML,
        text: code.textContent ?? '',
      })),
    );
  await replaceText(page, text);
  await expect(content).toHaveAttribute('data-rendered-complete', 'true', { timeout: 20_000 });
  await expect
    .poll(async () => Number(await content.getAttribute('data-rendered-length')))
    .toBeGreaterThanOrEqual(text.length);
  const pasted = await codeOf();
  expect(pasted).toHaveLength(120);
  for (const [n, { html }] of pasted.entries()) {
    expect(html, `block ${n}`).toContain(' hljs"');
    expect(html, `block ${n}`).toContain('<span class="hljs-');
  }
  // Typing in pasted code of a language loaded later keeps its colours.
  await untilStored(page, 'step1004 = foldr');
  await scrollToLine(page, 'step1004 = foldr');
  await editor(page).getByText('step1004 = foldr').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' -- typed');
  await expect(
    content.locator('code.language-haskell').filter({ hasText: '-- typed' }),
  ).toContainText('step1004');
  await expect(
    content
      .locator('code.language-haskell')
      .filter({ hasText: '-- typed' })
      .locator('.hljs-comment'),
  ).toContainText(['-- typed']);
  await untilStored(page, '-- typed');
  // The same file opened afresh (its code highlighted on the page, as it is rendered).
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  await expect(content).toHaveAttribute('data-rendered-complete', 'true', { timeout: 20_000 });
  const opened = await codeOf();
  expect(opened.filter((code) => !code.text.includes('-- typed'))).toEqual(
    pasted.filter((code) => !code.text.includes('step1004 =')),
  );
});

test('while the preview builds a long text just pasted, the page’s own timers still run', async ({
  page,
}) => {
  await openApp(page);
  await replaceText(page, '');
  const paragraph = (n: number) =>
    `## Part ${n}\n\nParagraph ${n} of a long manuscript, with *emphasis*, \`code\` and a [link](#part-${n}).\n\n- an item\n- another item`;
  const text = Array.from({ length: 3200 }, (_, n) => paragraph(n)).join('\n\n');
  expect(text.length).toBeGreaterThan(400_000);
  // Pasted as the browser does for Ctrl+V, with a timer that sets itself again at each turn (as
  // the save and the status bar set theirs) until the preview is whole. Timers keep their turns
  // while it is built: the preview used to go on in continuations that ran before any timer, so
  // that one wait took most of the build.
  const { build, longestWait } = await page.evaluate(
    (pasted) =>
      new Promise<{ build: number; longestWait: number }>((resolve) => {
        const content = document.querySelector<HTMLElement>('.preview__content')!;
        const whole = () =>
          content.dataset.renderedComplete === 'true' &&
          Number(content.dataset.renderedLength) >= pasted.length;
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        const start = performance.now();
        document
          .querySelector('.cm-content')!
          .dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        let last = start;
        let longestWait = 0;
        const tick = () => {
          const now = performance.now();
          longestWait = Math.max(longestWait, now - last);
          last = now;
          if (whole()) resolve({ build: now - start, longestWait });
          else setTimeout(tick, 0);
        };
        setTimeout(tick, 0);
      }),
    text,
  );
  expect(longestWait).toBeLessThan(build / 3);
  // And the preview does get there, whole.
  await expect(preview(page).getByRole('heading', { name: 'Part 3199' })).toBeAttached({
    timeout: 20_000,
  });
  await expect(preview(page).locator('.preview__content')).toHaveAttribute(
    'data-rendered-complete',
    'true',
  );
});

test('sections sanitised in groups show exactly what each shows sanitised alone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // The corpus's doc-10k (prose, lists, tables, code, math, raw HTML), every XSS payload but the
  // diagrams (drawn when near, at times that differ between pages), and raw HTML that leaves the
  // HTML parser in another state, between ordinary paragraphs: as a user would paste them.
  const corpus = await readFile(new URL('../../bench/corpus/doc-10k.md', import.meta.url), 'utf8');
  const payloads = XSS_PAYLOADS.filter((payload) => payload.group !== 'Mermaid and abc');
  const tricks = [
    '<p>unclosed paragraph',
    '<b>unclosed bold',
    '</div></div>closes the group',
    '<!-- an open comment',
    '<template><p>in a template',
    '<table>foster <b>parented</b><tr><td>x</td></tr></table>',
    '<svg><p>html in svg</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<textarea><p>x',
  ];
  // Blocks repeated word for word (a formula, a table, a payload): built once per patch and
  // copied in the grouped page, built each time in the other.
  const repeated = [
    '$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3} \\quad \\sqrt{a^2 + b^2}\n$$',
    'Inline $e^{i\\pi} + 1 = 0$ and $\\overrightarrow{AB}$ in a sentence.',
    '| a | b |\n| - | - |\n| $x$ | <img src=x onerror=alert(1)> |',
    ...payloads.slice(0, 12).map((payload) => payload.markdown),
  ];
  const text = [
    corpus,
    ...payloads.map((payload) => `${payload.markdown}\n\nafter ${payload.id}`),
    ...tricks.map((trick) => `${trick}\n\nafter the trick *emphasis*`),
    ...[1, 2, 3].flatMap((round) => [...repeated, `round ${round} done`]),
  ].join('\n\n');
  const { baseURL, viewport } = testInfo.project.use;
  // Node by node, namespaces included (serialised HTML would hide them), section by section.
  const describeSections = (page: Page) =>
    page.locator('.preview__content').evaluate((root) => {
      const describe = (node: Node): string => {
        if (node.nodeType !== 1) return `${node.nodeName} ${JSON.stringify(node.nodeValue)}`;
        const element = node as Element;
        const attributes = [...element.attributes].map(
          (a) => `${a.namespaceURI ?? ''}:${a.name}=${JSON.stringify(a.value)}`,
        );
        const children = [...element.childNodes].map(describe).join(',');
        return `<${element.namespaceURI}:${element.localName} ${attributes.join(' ')}>[${children}]`;
      };
      return [...root.querySelectorAll('.preview-section')].map((section) =>
        [...section.childNodes].map(describe).join(','),
      );
    });
  const open = async (query: string) => {
    // A browser of its own each: the two pages share no workspace.
    const context = await browser.newContext({ baseURL, viewport, bypassCSP: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.alert = () => undefined;
      // DOMPurify parses each call's HTML with DOMParser: the parses are counted.
      const parse = DOMParser.prototype.parseFromString;
      const counted = window as unknown as { parses: number };
      counted.parses = 0;
      DOMParser.prototype.parseFromString = function (this: DOMParser, ...args) {
        counted.parses += 1;
        return parse.apply(this, args);
      };
    });
    await page.goto(`/${query}`);
    await expect(editor(page)).toBeVisible({ timeout: 15_000 });
    await skipTour(page);
    await replaceText(page, text);
    await expect(page.locator('[data-rendered-length]')).toHaveAttribute(
      'data-rendered-length',
      String(text.length),
      { timeout: 30_000 },
    );
    return page;
  };
  const grouped = await open('');
  const alone = await open('?sanitize=alone');
  // Code blocks are built again when their language arrives: compared once both have settled.
  let last: { grouped: string[]; alone: string[] } | undefined;
  await expect
    .poll(
      async () => {
        last = { grouped: await describeSections(grouped), alone: await describeSections(alone) };
        return JSON.stringify(last.grouped) === JSON.stringify(last.alone);
      },
      { timeout: 20_000 },
    )
    .toBe(true)
    // Still different after that: the comparison below says where.
    .catch(() => undefined);
  expect(last!.grouped.length).toBeGreaterThan(300);
  expect(last!.grouped).toEqual(last!.alone);
  // And grouping did happen: fewer parses for the same sections (how many fewer depends on how
  // many sections each rendering slice hands over, which depends on the machine's speed).
  const parses = (page: Page) =>
    page.evaluate(() => (window as unknown as { parses: number }).parses);
  expect(await parses(grouped)).toBeLessThan((await parses(alone)) * 0.75);
  await grouped.context().close();
  await alone.context().close();
});

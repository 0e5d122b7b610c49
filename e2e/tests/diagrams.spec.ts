import { type Dialog, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import {
  editor,
  openApp,
  openMenuEntry,
  preview,
  replaceText,
  sharedApp,
  longFiller,
  untilStored,
} from './helpers';

// Diagrams are drawn by the real Mermaid and abcjs, loaded on demand: give the first drawing
// of a test time for the download.
const DRAWN = { timeout: 20_000 };

const flowchart = '```mermaid\ngraph TD; A[Start] --> B[End]\n```';
const tune = '```abc\nX:1\nT:Scale\nM:4/4\nK:C\nCDEF GABc|\n```';

const diagram = (page: Page, kind: 'mermaid' | 'abc'): Locator =>
  preview(page).locator(`.diagram[data-diagram="${kind}"]`);

// Text found only in each library's own code, to tell its chunks among the scripts fetched.
const LIBRARY_MARKERS = {
  mermaid: 'Maximum text size in diagram exceeded',
  abc: 'abcjs-basic v',
};

// One page for the diagrams drawn from a text (opening the app is most of a short test's
// time): each test replaces the whole text, and removes the listeners it adds. The two that
// reload to see what a fresh page fetches open their own.
test.describe('diagrams drawn from the text', () => {
  const app = sharedApp();

  test('a Mermaid flowchart is drawn as an SVG with its labels, named as an image', async () => {
    const page = app();
    await replaceText(page, `Before.\n\n${flowchart}\n\nAfter.`);
    const drawn = diagram(page, 'mermaid');
    await expect(drawn).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
    const svg = drawn.locator('svg');
    await expect(svg.getByText('Start', { exact: true })).toBeVisible();
    await expect(svg.getByText('End', { exact: true })).toBeVisible();
    await expect(preview(page).getByRole('img', { name: 'Mermaid diagram' })).toBeVisible();
    // The source is no longer shown, and the text around the diagram is.
    await expect(drawn.locator('.diagram__source')).toBeHidden();
    await expect(preview(page).getByText('After.')).toBeVisible();
  });

  test('the same diagram written three times is drawn three times, each on its own', async () => {
    const page = app();
    // Sections of the same HTML are built once and copied (docs/adr/0003): each copy is drawn.
    await replaceText(page, [1, 2, 3].map((n) => `Diagram ${n}:\n\n${flowchart}`).join('\n\n'));
    const drawn = diagram(page, 'mermaid');
    await expect(drawn).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) {
      await expect(drawn.nth(i)).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
      await expect(drawn.nth(i).locator('svg').getByText('Start', { exact: true })).toBeVisible();
    }
    await expect(preview(page).getByRole('img', { name: 'Mermaid diagram' })).toHaveCount(3);
  });

  test('an abc tune is drawn as sheet music named after its title', async () => {
    const page = app();
    await replaceText(page, `${tune}\n\nA paragraph.`);
    const drawn = diagram(page, 'abc');
    await expect(drawn).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
    await expect(preview(page).getByRole('img', { name: 'Music notation: Scale' })).toBeVisible();
    const box = await drawn.locator('svg').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(await drawn.locator('svg path').count()).toBeGreaterThan(10);
  });

  test('a Mermaid syntax error shows where the diagram would be; the rest of the page renders', async () => {
    const page = app();
    await replaceText(
      page,
      `# Title\n\n\`\`\`mermaid\ngraph TD; A[Start --> B\n\`\`\`\n\nAfter the diagram.\n\n${flowchart}`,
    );
    const broken = diagram(page, 'mermaid').first();
    await expect(broken).toHaveAttribute('data-diagram-state', 'error', DRAWN);
    await expect(broken).toContainText('This Mermaid diagram cannot be drawn:');
    await expect(broken).toContainText('Parse error on line');
    await expect(broken.locator('svg')).toHaveCount(0);
    // Everything else is there, the next diagram drawn.
    await expect(preview(page).getByRole('heading', { name: 'Title' })).toBeVisible();
    await expect(preview(page).getByText('After the diagram.')).toBeVisible();
    await expect(diagram(page, 'mermaid').nth(1)).toHaveAttribute('data-diagram-state', 'drawn');
    // Mermaid's temporary elements are gone from the page, even after the failure.
    const leftovers = await page.evaluate(
      () =>
        document.querySelectorAll(
          'body > svg, #cy, .mermaidTooltip, [id^="inkstone-mermaid-"], [id^="dinkstone-mermaid-"]',
        ).length,
    );
    expect(leftovers).toBe(0);
  });

  test('diagrams cannot run script: no click callbacks, no javascript: links, no loosening', async () => {
    const page = app();
    let dialogs = 0;
    const onDialog = (dialog: Dialog) => {
      dialogs += 1;
      // Counted is what matters; a dismiss fails only once the page is gone.
      void dialog.dismiss().catch(() => undefined);
    };
    page.on('dialog', onDialog);
    await replaceText(
      page,
      [
        '```mermaid',
        '%%{init: {"securityLevel": "loose", "htmlLabels": true, "flowchart": {"htmlLabels": true}, "dompurifyConfig": {"ADD_ATTR": ["onclick"]}}}%%',
        'graph TD',
        '  A[Start] --> B["<img src=x onerror=alert(1)>"]',
        '  B --> C[Finish]',
        '  click A call alert(2)',
        '  click B href "javascript:alert(3)"',
        '  click C alert',
        '  C --> D[Docs]',
        '  click D href "https://example.com/docs"',
        '```',
        '',
        '```mermaid',
        '---',
        'config:',
        '  securityLevel: loose',
        '---',
        'graph LR; X[Front] --> Y[Matter]',
        '  click X call alert(4)',
        '```',
      ].join('\n'),
    );
    for (const kind of [0, 1]) {
      await expect(diagram(page, 'mermaid').nth(kind)).toHaveAttribute(
        'data-diagram-state',
        'drawn',
        DRAWN,
      );
    }
    // The directive asked for HTML labels: they are still SVG text, HTML shown as text (an HTML
    // label would be in a <foreignObject>, which the sanitiser removes, label and all).
    const labels = preview(page).locator('svg text');
    await expect(labels.filter({ hasText: 'Start' })).toHaveCount(1);
    await expect(labels.filter({ hasText: '<img src="x">' })).toHaveCount(1);

    const url = page.url();
    for (const label of ['Start', 'Finish', 'Front']) {
      await labels.getByText(label, { exact: true }).click();
    }
    // A click where the label shows (Playwright's own hit check misplaces this <text> box).
    const box = (await labels.filter({ hasText: '<img' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(300);
    expect(dialogs).toBe(0);
    expect(page.url()).toBe(url);

    // Diagrams carry no links at all (the diagram sanitiser keeps none): a linked node shows its
    // label, and a click on it opens nothing and leaves the app where it is.
    let popups = 0;
    const onPopup = () => {
      popups += 1;
    };
    page.context().on('page', onPopup);
    await labels.getByText('Docs', { exact: true }).click();
    await page.waitForTimeout(300);
    expect(popups).toBe(0);
    expect(page.url()).toBe(url);

    // Nothing executable is left in the drawings (inside the placeholders' shadow roots).
    const found = await preview(page)
      .locator('.diagram')
      .evaluateAll((hosts) => {
        const elements = hosts.flatMap((host) => [
          ...(host.shadowRoot?.querySelectorAll('*') ?? []),
        ]);
        return {
          handlers: elements.flatMap((element) =>
            [...element.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name),
          ),
          scriptUrls: elements.flatMap((element) =>
            [...element.attributes].filter((a) => /javascript:/i.test(a.value)).map((a) => a.value),
          ),
          html: elements.filter((element) =>
            ['foreignObject', 'script', 'img', 'iframe'].includes(element.localName),
          ).length,
        };
      });
    expect(found).toEqual({ handlers: [], scriptUrls: [], html: 0 });
    page.off('dialog', onDialog);
    page.context().off('page', onPopup);
  });

  test('typing elsewhere keeps the drawing; a moved but unchanged diagram reuses it', async () => {
    const page = app();
    await replaceText(page, `Intro.\n\n${flowchart}\n\nBelow.`);
    const drawn = diagram(page, 'mermaid');
    await expect(drawn).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
    const svg = drawn.locator('svg').first();
    await svg.evaluate((element) => element.setAttribute('data-test-marker', 'first'));
    const id = await svg.getAttribute('id');

    // Typing below: the diagram's block is not touched, its very SVG node stays.
    await editor(page).getByText('Below.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' More words.');
    await expect(preview(page).getByText('Below. More words.')).toBeVisible();
    await expect(svg).toHaveAttribute('data-test-marker', 'first');

    // A paragraph added above only moves the diagram's block: its element, drawing and all, stays.
    await editor(page).getByText('Intro.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('More intro.');
    await expect(preview(page).getByText('More intro.')).toBeVisible();
    await expect(svg).toHaveAttribute('data-test-marker', 'first');

    // Deleted, then brought back by undo: the drawing comes from the cache, the same Mermaid
    // drawing (same id) in a new element, without running Mermaid again.
    await editor(page).getByText('graph TD; A[Start] --> B[End]').click();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Delete');
    await expect(drawn).toHaveCount(0);
    await page.waitForTimeout(1100);
    await page.keyboard.press('Control+z');
    await expect(drawn).toHaveAttribute('data-diagram-state', 'drawn');
    await expect(drawn.locator('svg').first()).toHaveAttribute('id', id!);
    await expect(drawn.locator('svg').first()).not.toHaveAttribute('data-test-marker', 'first');
  });

  test('while a diagram is edited its previous drawing stays until the new one is ready', async () => {
    const page = app();
    await replaceText(page, `${flowchart}\n\nAfter.`);
    const drawn = diagram(page, 'mermaid');
    await expect(drawn).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);

    // Record the state of every placeholder as it is inserted: never the bare source again.
    await preview(page).evaluate((region) => {
      const states: (string | null)[] = [];
      (window as unknown as { diagramStates: typeof states }).diagramStates = states;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            // Each block arrives in its section's element.
            const placeholders =
              node instanceof HTMLElement
                ? [
                    ...(node.matches('.diagram') ? [node] : []),
                    ...node.querySelectorAll('.diagram'),
                  ]
                : [];
            for (const placeholder of placeholders) {
              states.push(placeholder.getAttribute('data-diagram-state'));
            }
          }
        }
      }).observe(region, { childList: true, subtree: true });
    });
    await editor(page).getByText('B[End]').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' --> C[Third]', { delay: 30 });
    await expect(drawn.locator('svg').getByText('Third', { exact: true })).toBeVisible(DRAWN);
    await expect(drawn).toHaveAttribute('data-diagram-state', 'drawn');
    const states = await page.evaluate(
      () => (window as unknown as { diagramStates: (string | null)[] }).diagramStates,
    );
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter((state) => state !== 'stale')).toEqual([]);
  });
});

test('a document without diagrams fetches neither Mermaid nor abcjs; each loads on first use', async ({
  page,
}) => {
  await openApp(page);
  await replaceText(page, '# Plain\n\nJust text, and `code`.\n\n```js\nlet x = 1;\n```');
  await page.waitForTimeout(600);

  // From a fresh load of the plain document, record every script fetched.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  const fetched = async (kind: keyof typeof LIBRARY_MARKERS) =>
    (await Promise.all(scripts)).some((text) => text.includes(LIBRARY_MARKERS[kind]));
  await page.reload();
  await expect(preview(page).getByRole('heading', { name: 'Plain' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(scripts.length).toBeGreaterThan(0);
  expect(await fetched('mermaid')).toBe(false);
  expect(await fetched('abc')).toBe(false);

  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n\n${flowchart}\n`);
  await expect(diagram(page, 'mermaid')).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
  expect(await fetched('mermaid')).toBe(true);
  expect(await fetched('abc')).toBe(false);

  await page.keyboard.insertText(`\n${tune}\n`);
  await expect(diagram(page, 'abc')).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
  expect(await fetched('abc')).toBe(true);
});

test('a diagram far below is drawn once scrolled near; printing draws every diagram first', async ({
  page,
}) => {
  await openApp(page);
  const middle = '```mermaid\ngraph TD; M1[Middle] --> M2[Below]\n```';
  await replaceText(
    page,
    `${flowchart}\n\n${longFiller(0)}\n\n${middle}\n\n${longFiller(300)}\n\n${tune}`,
  );
  // Reopened at its top, as a long manuscript is: the preview has never shown its lower part.
  await page.keyboard.press('ControlOrMeta+Home');
  await untilStored(page, 'Paragraph 599');
  await page.waitForTimeout(500);
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    // (A response of the page before the reload may have no body left to read.)
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().catch(() => ''));
    }
  });
  const abcFetched = async () =>
    (await Promise.all(scripts)).some((text) => text.includes(LIBRARY_MARKERS.abc));
  await page.reload();
  await expect(editor(page)).toBeVisible({ timeout: 15_000 });
  // Stands in for the browser's print dialog (which a headless browser cannot show): records
  // what each diagram shows when the page is printed.
  await page.evaluate(() => {
    const printed: (string | null)[][] = [];
    (window as unknown as { printed: typeof printed }).printed = printed;
    window.print = () =>
      void printed.push(
        [...document.querySelectorAll('.diagram')].map((d) => d.getAttribute('data-diagram-state')),
      );
  });
  const top = preview(page).locator('.diagram').nth(0);
  const centre = preview(page).locator('.diagram').nth(1);
  const bottom = preview(page).locator('.diagram').nth(2);
  await expect(top).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
  await expect(preview(page).getByText('Paragraph 599 of the long text.')).toBeAttached();
  // Given time to draw them, the far ones are left as their source.
  await page.waitForTimeout(1500);
  await expect(centre).not.toHaveAttribute('data-diagram-state', /./);
  await expect(bottom).not.toHaveAttribute('data-diagram-state', /./);
  // Scrolled near, the middle one is drawn; the last one, far still, is not.
  await centre.scrollIntoViewIfNeeded();
  await expect(centre).toHaveAttribute('data-diagram-state', 'drawn', DRAWN);
  await expect(preview(page).getByRole('img', { name: 'Mermaid diagram' })).toHaveCount(2);
  await page.waitForTimeout(1000);
  await expect(bottom).not.toHaveAttribute('data-diagram-state', /./);
  expect(await abcFetched()).toBe(false);
  // Print from the menu: every diagram is drawn before the page is printed.
  await openMenuEntry(page, 'Print');
  const printed = () => page.evaluate(() => (window as unknown as { printed: unknown[] }).printed);
  await expect.poll(printed, DRAWN).toEqual([['drawn', 'drawn', 'drawn']]);
  await expect(preview(page).getByRole('img', { name: 'Music notation: Scale' })).toBeAttached();
  expect(await abcFetched()).toBe(true);
  // The browser's shortcut prints the same way.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+p');
  await expect.poll(printed).toEqual([
    ['drawn', 'drawn', 'drawn'],
    ['drawn', 'drawn', 'drawn'],
  ]);
});

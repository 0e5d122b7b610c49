import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { diagramSource, LEAK_HOST, XSS_PAYLOADS, type XssPayload } from './fixtures/xss-payloads';
import { openApp, preview, replaceText } from './helpers';

// Feeds known XSS payloads through the real editor and preview in Chromium and proves none of
// them runs: no alert/confirm/prompt/print call (they are replaced before the app loads), no
// dialog, no uncaught error, no navigation of the app, no popup to a script or data URL, no
// request to the leak host, and no dangerous element or attribute left in the preview. Every
// link and image is clicked, every element hovered and focused, before the verdict.

const BATCH_SIZE = 25;
const SETTLE_MS = 600;

/** What a batch observed, each entry naming the payload where it can. */
interface Observations {
  calls: string[];
  dialogs: string[];
  errors: string[];
  navigations: string[];
  popups: Page[];
  leaks: string[];
}

// Replaces the dialog functions in every page and frame of the context before any script of
// the app runs; a payload that calls one leaves a trace in window.__xss.
function recordCalls(): void {
  const calls: string[] = [];
  Object.defineProperty(window, '__xss', { value: calls });
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    const record = (...args: unknown[]) => {
      calls.push(`${name}(${args.map(String).join(', ')})`);
      return null;
    };
    Object.defineProperty(window, name, { value: record, writable: false, configurable: false });
  }
}

async function observe(context: BrowserContext, page: Page): Promise<Observations> {
  const seen: Observations = {
    calls: [],
    dialogs: [],
    errors: [],
    navigations: [],
    popups: [],
    leaks: [],
  };
  await context.addInitScript(recordCalls);
  // Nothing leaves the machine; a request to the leak host is a finding.
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === LEAK_HOST) seen.leaks.push(url.href);
      return route.abort();
    },
  );
  const watch = (target: Page) => {
    target.on('dialog', (dialog) => {
      seen.dialogs.push(`${dialog.type()}(${dialog.message()})`);
      void dialog.dismiss().catch(() => undefined);
    });
    target.on('pageerror', (error) => seen.errors.push(error.message));
    target.on('console', (message) => {
      if (/alert|xss/i.test(message.text())) seen.errors.push(`console: ${message.text()}`);
    });
  };
  watch(page);
  context.on('page', (popup) => {
    if (popup === page) return;
    seen.popups.push(popup);
    watch(popup);
  });
  return seen;
}

// A payload's number, as the calls it makes report it.
function payloadOf(id: number): string {
  const payload = XSS_PAYLOADS.find((candidate) => candidate.id === id);
  return payload ? `#${id} ${payload.group}: ${payload.name}` : `#${id} (unknown)`;
}

const rendered = (page: Page): Locator => page.locator('[data-rendered-length]');

function describeCall(call: string): string {
  const id = /\((\d+)/.exec(call)?.[1];
  return `${call} from ${id ? payloadOf(Number(id)) : 'an unnumbered payload'}`;
}

function documentOf(payloads: readonly XssPayload[]): string {
  return payloads.map((payload) => `${payload.markdown}\n\nxss-end-${payload.id}`).join('\n\n');
}

async function waitForRendered(page: Page, text: string): Promise<void> {
  await expect(rendered(page)).toHaveAttribute('data-rendered-length', String(text.length), {
    timeout: 15_000,
  });
}

// In the page: what is dangerous in `root` (elements, attributes, styles), one line each.
function auditDom(root: Element): string[] {
  const found: string[] = [];
  const forbidden =
    'script, iframe, frame, frameset, object, embed, applet, form, button, select, textarea, ' +
    'base, meta, link, noscript, template, foreignObject, animate, set, animateMotion, ' +
    'animateTransform, discard, handler, use, image, feImage, annotation-xml, mglyph, maction, ' +
    'marquee, video, audio, input:not([type="checkbox"])';
  const snippet = (element: Element) => element.outerHTML.slice(0, 160);
  for (const element of root.querySelectorAll(forbidden)) found.push(`element ${snippet(element)}`);
  for (const style of root.querySelectorAll('style')) {
    if (style.parentElement?.localName !== 'svg') found.push(`style ${snippet(style)}`);
  }
  const urlNames = /^(href|xlink:href|src|srcset|action|formaction|data|cite|poster|background)$/;
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of Array.from(element.attributes)) {
      // eslint-disable-next-line no-control-regex -- what browsers ignore when reading a scheme
      const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
      if (name.startsWith('on') || ['srcdoc', 'target', 'autofocus', 'http-equiv'].includes(name)) {
        found.push(`attribute ${name} on ${snippet(element)}`);
      } else if (
        urlNames.test(name) &&
        /^(javascript|vbscript|data:text|data:application)/.test(compact)
      ) {
        found.push(`URL ${name}=${value.slice(0, 60)} on ${snippet(element)}`);
      } else if (name === 'style' && /url\(|expression|javascript|behavior|binding/.test(compact)) {
        found.push(`style ${value.slice(0, 80)} on ${snippet(element)}`);
      }
    }
    // Inline styles must not lift anything out of the preview (KaTeX's own CSS hides its
    // MathML with position: absolute, which is the app's and allowed).
    const position = (element as HTMLElement | SVGElement).style?.position ?? '';
    if (
      ['fixed', 'absolute'].includes(position) ||
      getComputedStyle(element).position === 'fixed'
    ) {
      found.push(`position ${position || 'fixed'} on ${snippet(element)}`);
    }
  }
  return found;
}

// In the page: fires the events handlers listen for on every element of `root`, as a user
// hovering, pressing, clicking and focusing each would (synthetic events: the real clicks
// are in `interact`).
function stirDom(root: Element): void {
  const types = ['mouseover', 'mouseenter', 'mousemove', 'pointerover', 'pointerenter'];
  types.push(
    'mousedown',
    'mouseup',
    'click',
    'focus',
    'focusin',
    'animationstart',
    'transitionend',
  );
  for (const element of root.querySelectorAll('*')) {
    for (const type of types) element.dispatchEvent(new Event(type, { bubbles: true }));
    (element as HTMLElement).focus?.();
  }
}

// In the page: scrolls the `index`th link or image of `root` into view and says where to click.
function centreOf(
  root: Element,
  [selector, index]: [string, number],
): { x: number; y: number } | undefined {
  const target = root.querySelectorAll(selector)[index];
  if (!target) return undefined;
  target.scrollIntoView({ block: 'center', inline: 'center' });
  const box = target.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}
const CLICK_TARGETS = 'a, img, area';

// Clicks every link and image of `root` with the real mouse (a trusted click, as a user's),
// hovers over it, tabs through it and fires the remaining events on each element.
async function interact(page: Page, root: Locator): Promise<void> {
  const count = await root.locator(CLICK_TARGETS).count();
  for (let i = 0; i < count; i += 1) {
    const centre = await root.evaluate(centreOf, [CLICK_TARGETS, i] as [string, number]);
    if (centre) await page.mouse.click(centre.x, centre.y);
  }
  const box = await root.boundingBox();
  if (box) {
    for (let y = 0; y < 4; y += 1) {
      for (let x = 0; x < 4; x += 1) {
        await page.mouse.move(
          box.x + ((x + 0.5) * box.width) / 4,
          box.y + ((y + 0.5) * box.height) / 4,
        );
      }
    }
  }
  await root.focus();
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('Tab');
  await root.evaluate(stirDom);
}

// `root` is what the renderer wrote (the preview's content): the region around it also holds the
// app's own controls, such as the "Copy code" button a pointer over a code block brings up.
async function verdict(
  page: Page,
  root: Locator,
  seen: Observations,
  appUrl: string,
): Promise<string[]> {
  const findings: string[] = [];
  for (const target of [page, ...seen.popups]) {
    if (target.isClosed()) continue;
    // Taken out, so that the next batch on the same page starts clean.
    const calls = await target.evaluate(() =>
      ((window as { __xss?: string[] }).__xss ?? []).splice(0),
    );
    findings.push(...calls.map((call) => `ran ${describeCall(call)}`));
  }
  findings.push(...seen.dialogs.map((dialog) => `dialog ${describeCall(dialog)}`));
  findings.push(...seen.errors.map((error) => `error ${error}`));
  findings.push(...seen.leaks.map((url) => `request to ${url}`));
  findings.push(...seen.navigations.map((url) => `the app navigated to ${url}`));
  if (page.url() !== appUrl) findings.push(`the app is at ${page.url()}, not ${appUrl}`);
  for (const popup of seen.popups) {
    const url = popup.url();
    if (!/^(https?|mailto|tel|ftp|file|about|chrome-error):/.test(url)) {
      findings.push(`a popup opened ${url}`);
    }
    await popup.close();
  }
  findings.push(...(await root.evaluate(auditDom)).map((item) => `left ${item}`));
  for (const list of [seen.dialogs, seen.errors, seen.leaks, seen.navigations, seen.popups]) {
    list.length = 0;
  }
  return findings;
}

const batches: XssPayload[][] = [];
for (let start = 0; start < XSS_PAYLOADS.length; start += BATCH_SIZE) {
  batches.push(XSS_PAYLOADS.slice(start, start + BATCH_SIZE));
}

test.describe(`the preview runs none of ${XSS_PAYLOADS.length} XSS payloads`, () => {
  // One page for all batches (opening the app is most of a batch's time); each batch replaces
  // the whole text. A failed batch gets a fresh worker, and so a fresh page, for the next.
  let app: { page: Page; seen: Observations; url: string } | undefined;

  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    // The server's Content-Security-Policy would stop inline handlers by itself: it is bypassed
    // here so that this suite proves the sanitiser alone (csp.spec.ts proves the policy).
    const context = await browser.newContext({ baseURL, viewport, bypassCSP: true });
    const page = await context.newPage();
    const seen = await observe(context, page);
    await openApp(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.navigations.push(frame.url());
    });
    app = { page, seen, url: page.url() };
  });

  test.afterAll(async () => {
    await app?.page.context().close();
  });

  for (const batch of batches) {
    const first = batch[0]!;
    const last = batch.at(-1)!;
    const groups = [...new Set(batch.map((payload) => payload.group))].join(', ');
    test(`#${first.id}–#${last.id}: ${groups}`, async () => {
      const { page, seen, url } = app!;
      const text = documentOf(batch);
      await replaceText(page, text);
      await waitForRendered(page, text);

      // Each payload was shown and ended where it should: no payload swallowed the next.
      const shown = await preview(page).evaluate((root) =>
        Array.from(root.querySelectorAll('p'), (p) => p.textContent ?? ''),
      );
      const unfinished = batch.filter((payload) => !shown.includes(`xss-end-${payload.id}`));
      expect(unfinished.map((payload) => payloadOf(payload.id))).toEqual([]);
      for (const payload of batch.filter((candidate) => candidate.showsText !== undefined)) {
        await expect(
          preview(page).locator('code').filter({ hasText: payload.showsText! }).first(),
        ).toHaveText(payload.showsText!);
      }

      await interact(page, preview(page));
      await page.waitForTimeout(SETTLE_MS);
      expect(await verdict(page, rendered(page), seen, url)).toEqual([]);
    });
  }

  // Runs last: it leaves unsanitised HTML in the shared page.
  test('the detectors catch a payload that runs when the sanitiser is bypassed', async () => {
    const { page, seen, url } = app!;
    // Put unsanitised HTML straight into the preview: every detector must fire.
    await rendered(page).evaluate((content, host) => {
      content.insertAdjacentHTML(
        'beforeend',
        '<p><img src="x" onerror="alert(9001)"><a href="javascript:alert(9002)">js</a>' +
          `<span onmouseover="confirm(9003)">hover</span><img src="https://${host}/9004.png">` +
          '<a href="https://example.com/9005">site</a></p>',
      );
    }, LEAK_HOST);
    await interact(page, preview(page));
    await page.waitForTimeout(SETTLE_MS);
    const findings = (await verdict(page, rendered(page), seen, url)).join('\n');
    expect(findings).toContain('ran alert(9001) from');
    expect(findings).toContain('ran confirm(9003) from');
    expect(findings).toContain('left URL href=javascript:alert(9002)');
    expect(findings).toContain('left attribute onerror');
    expect(findings).toContain(`request to https://${LEAK_HOST}/9004.png`);
    expect(findings).not.toContain('9005');
  });
});

// Until the preview draws diagrams, the Mermaid and abc payloads above stay source text. These
// tests draw them now, as the renderer will: Mermaid 12 configured with MERMAID_CONFIG (strict,
// no HTML labels, no CSS from directives), abcjs into a detached element, each SVG through
// `createDiagramSanitizer` before it goes into the page. The libraries and the sanitiser are
// served beside the app, at its origin, from the workspace's own installs and builds.
const repository = fileURLToPath(new URL('../..', import.meta.url));
const fromWeb = createRequire(join(repository, 'apps/web/package.json'));
const SERVED: Record<string, string> = {
  mermaid: dirname(fromWeb.resolve('mermaid')),
  abcjs: join(dirname(fromWeb.resolve('abcjs')), 'dist'),
  dompurify: dirname(fromWeb.resolve('dompurify')),
  markdown: join(repository, 'packages/markdown/dist'),
};
const TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.js': 'text/javascript' };
const HARNESS = `<!doctype html><html><head><meta charset="utf-8">
<script type="importmap">{"imports":{"dompurify":"/__xss__/dompurify/purify.es.mjs"}}</script>
<script src="/__xss__/abcjs/abcjs-basic-min.js"></script></head>
<body><div class="preview" id="preview"></div><script type="module">
import mermaid from '/__xss__/mermaid/mermaid.esm.min.mjs';
import { createDiagramSanitizer, MERMAID_CONFIG } from '/__xss__/markdown/diagram-sanitizer.js';
mermaid.initialize(structuredClone(MERMAID_CONFIG));
window.harness = { mermaid, sanitizer: createDiagramSanitizer(window) };
</script></body></html>`;

async function openHarness(page: Page): Promise<void> {
  await page.route('**/__xss__/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/__xss__/', '');
    if (path === 'harness.html') {
      return route.fulfill({ body: HARNESS, contentType: 'text/html' });
    }
    const [root = '', ...rest] = path.split('/');
    const base = SERVED[root];
    const file = base ? normalize(join(base, ...rest)) : '';
    if (!base || !file.startsWith(base)) return route.fulfill({ status: 404 });
    const body = await readFile(file).catch(() => undefined);
    if (!body) return route.fulfill({ status: 404 });
    return route.fulfill({ body, contentType: TYPES[extname(file)] ?? 'text/plain' });
  });
  await page.goto('/__xss__/harness.html');
  await page.waitForFunction(() => 'harness' in window);
}

interface Drawn {
  id: number;
  drawn: boolean;
  error?: string;
}

// In the page: draws one diagram, sanitises it, shows it, binds Mermaid's click handlers (the
// renderer must not, strict mode binds none: this proves it) and returns whether it drew.
async function drawDiagram(input: { id: number; kind: string; source: string }): Promise<Drawn> {
  const { harness, ABCJS } = window as unknown as {
    harness: {
      mermaid: {
        render(
          id: string,
          text: string,
        ): Promise<{ svg: string; bindFunctions?: (e: Element) => void }>;
      };
      sanitizer: { sanitize(svg: string): string };
    };
    ABCJS: { renderAbc(element: Element, text: string): unknown };
  };
  const host = document.createElement('div');
  host.className = 'diagram';
  host.dataset.payload = String(input.id);
  document.getElementById('preview')!.append(host);
  try {
    let svg: string;
    let bind: ((element: Element) => void) | undefined;
    if (input.kind === 'mermaid') {
      const result = await harness.mermaid.render(`mermaid-${input.id}`, input.source);
      svg = result.svg;
      bind = result.bindFunctions;
    } else {
      const scratch = document.createElement('div');
      ABCJS.renderAbc(scratch, input.source);
      svg = scratch.innerHTML;
    }
    host.innerHTML = harness.sanitizer.sanitize(svg);
    bind?.(host);
    return { id: input.id, drawn: host.querySelector('svg') !== null };
  } catch (error) {
    host.remove();
    return { id: input.id, drawn: false, error: String(error).slice(0, 120) };
  }
}

test.describe('diagram payloads drawn by Mermaid and abcjs themselves', () => {
  test('run nothing and load nothing through the diagram sanitiser', async ({ context, page }) => {
    const seen = await observe(context, page);
    await openHarness(page);
    const appUrl = page.url();
    const payloads = XSS_PAYLOADS.filter((payload) => payload.group === 'Mermaid and abc');
    const results: Drawn[] = [];
    for (const payload of payloads) {
      results.push(await page.evaluate(drawDiagram, { id: payload.id, ...diagramSource(payload) }));
    }
    // Every payload is a diagram the libraries accept: each exercised the whole chain.
    expect(results.filter((result) => !result.drawn)).toEqual([]);

    await interact(page, page.locator('#preview'));
    await page.waitForTimeout(SETTLE_MS);
    const findings = await verdict(page, page.locator('#preview'), seen, appUrl);
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
    if (body !== 'none') findings.push(`the page background became ${body}`);
    const svgFindings = await page
      .locator('#preview')
      .evaluate(
        (root, host) => [
          ...Array.from(
            root.querySelectorAll('svg a, svg [href], svg [*|href], svg div, svg span, svg img'),
            (element) => `${element.outerHTML.slice(0, 120)}`,
          ),
          ...(root.innerHTML.includes(host) ? [`a reference to ${host}`] : []),
        ],
        LEAK_HOST,
      );
    findings.push(...svgFindings.map((item) => `left in a diagram ${item}`));
    expect(findings).toEqual([]);
  });

  // Diagrams of each common kind, drawn with their theme: the sanitised drawing must look
  // exactly like Mermaid's own (colours, strokes, fonts, markers, filters, sizes).
  const LOOKS: Record<string, string> = {
    flowchart:
      'flowchart LR\n  A[Start] --> B{Ok?}\n  B -->|yes| C([Done])\n  B -.-> D[(Store)]\n' +
      '  classDef hot fill:#f96,stroke:#900,stroke-width:3px\n  class B hot\n' +
      '  style C fill:#bdf,font-size:20px',
    sequence:
      'sequenceDiagram\n  actor U as User\n  participant S as Server\n  U->>S: request\n' +
      '  activate S\n  S-->>U: reply\n  deactivate S\n  Note over U,S: a note\n' +
      '  loop retry\n    U-)S: ping\n  end',
    class:
      'classDiagram\n  class Animal {\n    +String name\n    +eat() void\n  }\n' +
      '  Animal <|-- Duck\n  Animal "1" *-- "many" Leg',
    state: 'stateDiagram-v2\n  [*] --> Still\n  Still --> Moving: push\n  Moving --> [*]',
    er: 'erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  CUSTOMER { string name PK }',
    gantt:
      'gantt\n  dateFormat YYYY-MM-DD\n  section S\n  Task a :a1, 2024-01-01, 30d\n' +
      '  Task b :crit, after a1, 20d',
    pie: 'pie title Pets\n  "Dogs" : 386\n  "Cats" : 85',
    git: 'gitGraph\n  commit\n  branch dev\n  commit\n  checkout main\n  merge dev',
  };
  test(`${Object.keys(LOOKS).join(', ')} diagrams look the same after the sanitiser`, async ({
    page,
  }) => {
    await openHarness(page);
    for (const [kind, source] of Object.entries(LOOKS)) {
      const { raw, clean } = await page.evaluate(compareLook, source);
      expect.soft(raw.length, kind).toBeGreaterThan(5);
      expect.soft(clean, kind).toEqual(raw);
    }
  });
});

// In the page: draws `source` with Mermaid and returns the computed look of every shape and
// text, once drawn as Mermaid made it and once through the sanitiser.
async function compareLook(source: string): Promise<{ raw: string[]; clean: string[] }> {
  const { harness } = window as unknown as {
    harness: {
      mermaid: { render(id: string, text: string): Promise<{ svg: string }> };
      sanitizer: { sanitize(svg: string): string };
    };
  };
  const { svg } = await harness.mermaid.render('mermaid-look', source);
  const host = document.getElementById('preview')!;
  const look = () =>
    Array.from(host.querySelectorAll('rect, path, polygon, circle, text, tspan, line'), (shape) => {
      const style = getComputedStyle(shape);
      const box = (shape as SVGGraphicsElement).getBBox();
      return [shape.localName, style.fill, style.stroke, style.strokeWidth, style.fontSize]
        .concat(style.fontFamily, style.opacity, style.markerEnd, style.filter)
        .concat(`${Math.round(box.width)}x${Math.round(box.height)}`)
        .join(' ');
    });
  host.innerHTML = svg;
  const raw = look();
  host.innerHTML = harness.sanitizer.sanitize(svg);
  const clean = look();
  host.innerHTML = '';
  return { raw, clean };
}

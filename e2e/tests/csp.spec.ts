import { expect } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { openApp, preview, replaceText } from './helpers';

// The server sends a Content-Security-Policy (docs/how-to/self-host.md). Everything the app
// does on a page (Next's inline bootstrap, the colour-theme script, the preview worker, Mermaid,
// abcjs and KaTeX loaded on demand, pasted images) must work under it: any violation the
// browser reports fails the test.

const DRAWN = { timeout: 20_000 };
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

test('the app runs under its Content-Security-Policy without a single violation', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleErrors.push(message.text());
  });

  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'sha256-");
  expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);

  await openApp(page);
  await replaceText(
    page,
    [
      '# Under the policy',
      '',
      'Inline math $e^{i\\pi} + 1 = 0$ and a pasted image:',
      '',
      `![pixel](${PIXEL})`,
      '',
      '```mermaid\ngraph TD; A[Start] --> B[End]\n```',
      '',
      '```abc\nX:1\nT:Scale\nM:4/4\nK:C\nCDEF GABc|\n```',
    ].join('\n'),
  );
  const view = preview(page);
  await expect(view.locator('.diagram[data-diagram="mermaid"]')).toHaveAttribute(
    'data-diagram-state',
    'drawn',
    DRAWN,
  );
  await expect(view.locator('.diagram[data-diagram="abc"]')).toHaveAttribute(
    'data-diagram-state',
    'drawn',
    DRAWN,
  );
  await expect(view.locator('.katex').first()).toBeVisible();
  await expect(view.getByRole('img', { name: 'pixel' })).toBeVisible();

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // And the policy bites: an inline script or event handler that got into the page (past the
  // sanitiser, say) does not run.
  const injectedRan = await page.evaluate(async () => {
    const flags = window as unknown as { scriptRan?: boolean; handlerRan?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.scriptRan = true';
    document.body.append(script);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img src="data:," onerror="window.handlerRan = true" alt="">',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { script: flags.scriptRan === true, handler: flags.handlerRan === true };
  });
  expect(injectedRan).toEqual({ script: false, handler: false });
  const blocked = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(blocked.filter((line) => line.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
});

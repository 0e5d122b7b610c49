// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadAllNow, loadLazily } from './lazy-images';

// An image whose load the test ends (`complete` as the browser reports it).
function image(root: ParentNode, complete: boolean): HTMLImageElement {
  const element = document.createElement('img');
  Object.defineProperty(element, 'complete', { get: () => complete });
  root.appendChild(element);
  return element;
}

describe('the preview’s images', () => {
  it('load lazily once shown', () => {
    const fragment = document.createDocumentFragment();
    const section = document.createElement('section');
    fragment.append(section);
    const inside = image(section, false);
    const top = image(fragment, false);
    loadLazily(fragment);
    expect([inside.getAttribute('loading'), top.getAttribute('loading')]).toEqual(['lazy', 'lazy']);
  });

  it('all load before printing: done once each has loaded or failed', async () => {
    const root = document.createElement('div');
    const loads = image(root, false);
    const fails = image(root, false);
    const arrived = image(root, true);
    loadLazily(root);
    let done = false;
    const all = loadAllNow(root).then(() => (done = true));
    expect([loads, fails, arrived].map((i) => i.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
    ]);
    loads.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    fails.dispatchEvent(new Event('error'));
    await all;
    expect(done).toBe(true);
  });

  it('print after the time limit when an image never arrives', async () => {
    const root = document.createElement('div');
    image(root, false);
    loadLazily(root);
    const started = Date.now();
    await loadAllNow(root, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

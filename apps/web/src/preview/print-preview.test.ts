import { describe, expect, it, vi } from 'vitest';
import { beforePrinting, isPrintShortcut, printPreview } from './print-preview';

describe('printPreview', () => {
  it('prints only once every preparation is done, and not with one given back', async () => {
    const steps: string[] = [];
    let finish: () => void = () => {};
    const stop = beforePrinting(
      () => new Promise<void>((resolve) => (finish = () => (steps.push('drawn'), resolve()))),
    );
    const gone = beforePrinting(() => Promise.resolve(void steps.push('gone')));
    gone();
    const printing = printPreview({ print: () => void steps.push('print') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps).toEqual([]);
    finish();
    await printing;
    expect(steps).toEqual(['drawn', 'print']);
    stop();
  });

  it('still prints when a preparation fails, and says why in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = beforePrinting(() => Promise.reject(new Error('no library')));
    const print = vi.fn();
    await printPreview({ print });
    expect(print).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(1);
    stop();
    logged.mockRestore();
  });
});

describe('isPrintShortcut', () => {
  const key = (init: KeyboardEventInit) =>
    ({ altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, ...init }) as KeyboardEvent;
  it('is Ctrl+P or ⌘P, nothing else', () => {
    expect(isPrintShortcut(key({ key: 'p', ctrlKey: true }))).toBe(true);
    expect(isPrintShortcut(key({ key: 'P', metaKey: true }))).toBe(true);
    expect(isPrintShortcut(key({ key: 'p' }))).toBe(false);
    expect(isPrintShortcut(key({ key: 'p', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPrintShortcut(key({ key: 'o', ctrlKey: true }))).toBe(false);
  });
});

// For jsdom tests of dialogs and panels: a React root in a fresh element for each test, and the
// user's gestures on it (typing into a field as the browser does, clicking a button by its text),
// each inside act() so React has rendered before the test looks.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface DialogHarness {
  /** The element the test's tree renders into (new for each test). */
  readonly host: HTMLDivElement;
  /** Renders `node` into the host. */
  render(node: ReactNode): void;
  /** Unmounts and makes a new root on the same host (a dialog opened a second time). */
  remount(): void;
  /** Clicks the host's button whose text is `text`, then lets promises and one timer turn run. */
  click(text: string): Promise<void>;
}

/** A root for each test of the file (registered in beforeEach/afterEach). */
export function dialogHarness(): DialogHarness {
  let host: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });
  const current = () => {
    if (!host || !root) throw new Error('The harness renders inside a test only.');
    return { host, root };
  };
  return {
    get host() {
      return current().host;
    },
    render(node) {
      act(() => current().root.render(node));
    },
    remount() {
      act(() => current().root.unmount());
      root = createRoot(current().host);
    },
    async click(text) {
      const button = [...current().host.querySelectorAll('button')].find(
        (candidate) => candidate.textContent === text,
      );
      if (!button) throw new Error(`No button "${text}".`);
      await act(async () => {
        button.click();
        await new Promise((done) => setTimeout(done, 0));
      });
    },
  };
}

/** Types `value` into a field as the browser does: its value set, then an input event (a
 * select gets a change event). */
export function typeInto(
  field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  value: string,
): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  act(() => {
    setter.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

/** Lets promises and one timer turn run, rendering what they changed. */
export function settle(): Promise<void> {
  return act(() => new Promise<void>((done) => setTimeout(done, 0)));
}

/** Lets real HTTP answer: renders until `done` holds, or about 5 s passed. */
export async function renderUntil(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 250 && !done(); tries += 1) {
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
  }
}

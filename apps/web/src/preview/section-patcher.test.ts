// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SectionPatcher } from './section-patcher';

const setup = (yielder = () => Promise.resolve()) => {
  const root = document.createElement('div');
  const template = document.createElement('template');
  let built = 0;
  const patcher = new SectionPatcher(
    root,
    (html) => {
      built += 1;
      template.innerHTML = html;
      return template.content;
    },
    yielder,
  );
  return { root, patcher, built: () => built };
};

const sections = (...texts: string[]) => texts.map((text) => `<p>${text}</p>\n`);

describe('SectionPatcher', () => {
  it('shows the sections in order', async () => {
    const { root, patcher } = setup();
    expect(await patcher.apply(sections('a', 'b', 'c'))).toBe(true);
    expect(root.innerHTML).toBe('<p>a</p>\n<p>b</p>\n<p>c</p>\n');
  });

  it('rebuilds only the section that changed, keeping the other nodes', async () => {
    const { root, patcher, built } = setup();
    await patcher.apply(sections('a', 'b', 'c', 'd'));
    const [first, , , last] = [...root.querySelectorAll('p')];
    const before = built();
    await patcher.apply(sections('a', 'B!', 'c', 'd'));
    expect(built() - before).toBe(1);
    expect(root.innerHTML).toBe('<p>a</p>\n<p>B!</p>\n<p>c</p>\n<p>d</p>\n');
    const after = [...root.querySelectorAll('p')];
    expect(after[0]).toBe(first);
    expect(after[3]).toBe(last);
  });

  it('inserts and removes sections in the middle, and handles empty ones', async () => {
    const { root, patcher } = setup();
    await patcher.apply(['<p>a</p>', '', '<p>z</p>']);
    await patcher.apply(['<p>a</p>', '', '<p>m</p>', '<p>n</p>', '<p>z</p>']);
    expect(root.innerHTML).toBe('<p>a</p><p>m</p><p>n</p><p>z</p>');
    await patcher.apply(['<p>z</p>']);
    expect(root.innerHTML).toBe('<p>z</p>');
    await patcher.apply([]);
    expect(root.innerHTML).toBe('');
  });

  it('leaves a consistent page when a newer text supersedes an unfinished patch', async () => {
    // Every build takes long enough that the patch yields after each section.
    const waiting: (() => void)[] = [];
    const release = () => waiting.splice(0).forEach((resolve) => resolve());
    const { root, patcher } = setup(() => new Promise<void>((resolve) => waiting.push(resolve)));
    const slow = Array.from({ length: 50 }, (_, i) => `<p>${i}</p>`);
    const realNow = performance.now.bind(performance);
    let fake = 0;
    performance.now = () => (fake += 10);
    try {
      const first = patcher.apply(slow);
      await Promise.resolve();
      // Only the first section is in: the patch waits for the browser.
      expect(root.innerHTML).toBe('<p>0</p>');
      const second = patcher.apply(['<p>final</p>']);
      release();
      expect(await first).toBe(false);
      release();
      expect(await second).toBe(true);
    } finally {
      performance.now = realNow;
    }
    expect(root.innerHTML).toBe('<p>final</p>');
  });
});

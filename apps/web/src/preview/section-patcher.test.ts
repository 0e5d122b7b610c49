// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  CHUNK_CLASS,
  CHUNK_SIZE,
  GROUP_MAX_CHARS,
  GROUP_MAX_SECTIONS,
  KEPT_HIDDEN,
  SECTION_CLASS,
  SectionPatcher,
} from './section-patcher';

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
  // The same HTML gets the same id, as the render worker hands them out.
  const ids = new Map<string, number>();
  const show = (htmls: string[], lines = htmls.map((_, i) => i * 2)) => {
    const refs = htmls.map((html, i) => {
      if (!ids.has(html)) ids.set(html, ids.size + 1);
      return { id: ids.get(html)!, line: lines[i]! };
    });
    patcher.learn(Object.fromEntries(refs.map((ref, i) => [ref.id, htmls[i]!])));
    return patcher.apply(refs);
  };
  const elements = () => [...root.querySelectorAll<HTMLElement>(`.${SECTION_CLASS}`)];
  const text = () =>
    elements()
      .map((child) => child.innerHTML)
      .join('|');
  return { root, patcher, show, text, elements, built: () => built };
};

describe('SectionPatcher', () => {
  it('shows each section in its own wrapper, in order', async () => {
    const { root, show, text, patcher } = setup();
    expect(await show(['<p>a</p>', '<p>b</p>', '<p>c</p>'])).toBe(true);
    expect(text()).toBe('<p>a</p>|<p>b</p>|<p>c</p>');
    expect(root.textContent).toBe('abc');
    expect(patcher.sections.map((section) => section.element.className)).toEqual(
      Array(3).fill(SECTION_CLASS),
    );
  });

  it('groups sections so the browser can skip those off screen by the group', async () => {
    const { root, show, text, elements } = setup();
    const many = Array.from({ length: 2 * CHUNK_SIZE + 5 }, (_, i) => `<p>${i}</p>`);
    await show(many);
    const sizes = () => [...root.children].map((chunk) => chunk.childElementCount);
    expect([...root.children].every((chunk) => chunk.className === CHUNK_CLASS)).toBe(true);
    expect(sizes()).toEqual([CHUNK_SIZE, CHUNK_SIZE, 5]);
    // Insertions in the middle: a group that grows past twice its size splits, order kept.
    const inserted = Array.from({ length: 2 * CHUNK_SIZE }, (_, i) => `<p>new ${i}</p>`);
    const next = [...many.slice(0, 3), ...inserted, ...many.slice(3)];
    await show(next);
    expect(text()).toBe(next.join('|'));
    expect(Math.max(...sizes())).toBeLessThanOrEqual(2 * CHUNK_SIZE);
    // Removing sections leaves no empty group behind.
    await show(many.slice(-2));
    expect(text()).toBe(many.slice(-2).join('|'));
    expect(sizes().every((size) => size > 0)).toBe(true);
    expect(elements()).toHaveLength(2);
  });

  it('rebuilds only the section that changed, keeping the other elements', async () => {
    const { show, text, built, elements } = setup();
    await show(['<p>a</p>', '<p>b</p>', '<p>c</p>', '<p>d</p>']);
    const [first, , , last] = elements();
    const before = built();
    await show(['<p>a</p>', '<p>B!</p>', '<p>c</p>', '<p>d</p>']);
    expect(built() - before).toBe(1);
    expect(text()).toBe('<p>a</p>|<p>B!</p>|<p>c</p>|<p>d</p>');
    expect(elements()[0]).toBe(first);
    expect(elements()[3]).toBe(last);
  });

  it('keeps the sections in place between changed ones while a long text goes in', async () => {
    const { show, text, elements, built } = setup();
    const first = ['<p>1</p>', '<p>2</p>', '<p>3</p>', '<p>4</p>', '<p>5</p>'];
    await show(first);
    const before = elements();
    // The second section changed while the rest of the text arrived after the fifth.
    const rest = Array.from({ length: 5 }, (_, i) => `<p>${i + 6}</p>`);
    const builtBefore = built();
    await show(['<p>1</p>', '<p>2 changed</p>', '<p>3</p>', '<p>4</p>', '<p>5</p>', ...rest]);
    expect(text()).toBe(
      ['<p>1</p>', '<p>2 changed</p>', '<p>3</p>', '<p>4</p>', '<p>5</p>', ...rest].join('|'),
    );
    const after = elements();
    expect(after[1]).not.toBe(before[1]);
    for (const index of [0, 2, 3, 4]) expect(after[index]).toBe(before[index]);
    expect(built() - builtBefore).toBe(1 + rest.length);
  });

  it('keeps a section that only moved, with its new line', async () => {
    const { patcher, show } = setup();
    await show(['<p>a</p>', '<p>b</p>'], [0, 2]);
    const element = patcher.sections[1]!.element;
    await show(['<p>new</p>', '<p>a</p>', '<p>b</p>'], [0, 2, 5]);
    expect(patcher.sections[2]).toMatchObject({ line: 5, element });
    expect(patcher.sectionOf(element.firstChild!)?.index).toBe(2);
  });

  it('inserts and removes sections in the middle, and handles empty ones', async () => {
    const { show, text } = setup();
    await show(['<p>a</p>', '', '<p>z</p>']);
    await show(['<p>a</p>', '', '<p>m</p>', '<p>n</p>', '<p>z</p>']);
    expect(text()).toBe('<p>a</p>||<p>m</p>|<p>n</p>|<p>z</p>');
    await show(['<p>z</p>']);
    expect(text()).toBe('<p>z</p>');
    await show([]);
    expect(text()).toBe('');
  });

  it('says when it lacks the HTML of a section', () => {
    const { patcher } = setup();
    patcher.learn({ 1: '<p>a</p>' });
    expect(patcher.knows([{ id: 1, line: 0 }])).toBe(true);
    expect(patcher.knows([{ id: 2, line: 0 }])).toBe(false);
  });

  it('says when it lacks the HTML of a section between sections it shows', async () => {
    const { patcher } = setup();
    patcher.learn({ 1: '<p>a</p>', 2: '<p>b</p>', 3: '<p>c</p>' });
    const ref = (id: number, line: number) => ({ id, line });
    await patcher.apply([ref(1, 0), ref(2, 2), ref(3, 4)]);
    // A keystroke in the middle: a new id there, the others shown already (lines moved).
    expect(patcher.knows([ref(1, 0), ref(4, 2), ref(3, 5)])).toBe(false);
    expect(patcher.knows([ref(1, 0), ref(2, 2), ref(5, 4), ref(3, 6)])).toBe(false);
    patcher.learn({ 4: '<p>b2</p>' });
    expect(patcher.knows([ref(1, 0), ref(4, 2), ref(3, 5)])).toBe(true);
    expect(patcher.knows([ref(1, 0), ref(2, 2), ref(3, 4)])).toBe(true);
  });

  it('keeps the HTML of sections typed away, up to a bound, forgetting the oldest first', async () => {
    const { patcher } = setup();
    const ref = (id: number, line: number) => ({ id, line });
    patcher.learn({ 1: '<p>a</p>', 2: '<p>b</p>' });
    await patcher.apply([ref(1, 0), ref(2, 2)]);
    // Typing in the second section: a new id at every keystroke, the first section shown all along.
    const last = 2 + KEPT_HIDDEN + 10;
    for (let id = 3; id <= last; id += 1) {
      patcher.learn({ [id]: `<p>b${id}</p>` });
      await patcher.apply([ref(1, 0), ref(id, 2)]);
    }
    const knownAway = Array.from({ length: last - 2 }, (_, i) => i + 2).filter((id) =>
      patcher.knows([ref(id, 0)]),
    );
    expect(knownAway.length).toBeGreaterThanOrEqual(KEPT_HIDDEN / 2);
    expect(knownAway.length).toBeLessThanOrEqual(KEPT_HIDDEN);
    // The most recent ones are those kept, and what is shown is never forgotten.
    expect(knownAway).toContain(last - 1);
    expect(knownAway).not.toContain(2);
    expect(patcher.knows([ref(last, 0), ref(1, 2)])).toBe(true);
  });

  it('leaves a consistent page when a newer text supersedes an unfinished patch', async () => {
    // Every build takes long enough that the patch yields after each section.
    const waiting: (() => void)[] = [];
    const release = () => waiting.splice(0).forEach((resolve) => resolve());
    const { show, text } = setup(() => new Promise<void>((resolve) => waiting.push(resolve)));
    const slow = Array.from({ length: 50 }, (_, i) => `<p>${i}</p>`);
    const realNow = performance.now.bind(performance);
    let fake = 0;
    performance.now = () => (fake += 10);
    try {
      const first = show(slow);
      await Promise.resolve();
      // Only the first section is in: the patch waits for the browser.
      expect(text()).toBe('<p>0</p>');
      const second = show(['<p>final</p>']);
      release();
      expect(await first).toBe(false);
      release();
      expect(await second).toBe(true);
    } finally {
      performance.now = realNow;
    }
    expect(text()).toBe('<p>final</p>');
  });
});

describe('SectionPatcher with a group builder', () => {
  const setupGroups = () => {
    const root = document.createElement('div');
    const calls: { one: string[]; groups: string[][]; finished: number } = {
      one: [],
      groups: [],
      finished: 0,
    };
    const parse = (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.content;
    };
    const patcher = new SectionPatcher(
      root,
      (html) => {
        calls.one.push(html);
        return parse(html);
      },
      () => Promise.resolve(),
      {
        clean: (htmls) => {
          calls.groups.push([...htmls]);
          return htmls.map(parse);
        },
        finish: (nodes) => {
          calls.finished += 1;
          return nodes;
        },
      },
    );
    let next = 0;
    const show = (htmls: string[]) => {
      const refs = htmls.map((html, i) => ({ id: (next += 1), line: i, html }));
      patcher.learn(Object.fromEntries(refs.map((ref) => [ref.id, ref.html])));
      return patcher.apply(refs.map(({ id, line }) => ({ id, line })));
    };
    const shown = () =>
      [...root.querySelectorAll(`.${SECTION_CLASS}`)].map((element) => element.innerHTML);
    return { patcher, show, shown, calls, root };
  };

  it('builds new sections in groups of at most GROUP_MAX_CHARS, each finished once, in order', async () => {
    const { show, shown, calls } = setupGroups();
    const paragraph = (i: number) => `<p>${i} ${'x'.repeat(990)}</p>`;
    const htmls = Array.from({ length: 100 }, (_, i) => paragraph(i));
    expect(await show(htmls)).toBe(true);
    expect(shown()).toEqual(htmls);
    expect(calls.finished + calls.one.length).toBe(100);
    expect(calls.groups.length).toBeGreaterThan(1);
    for (const group of calls.groups) {
      expect(group.length).toBeLessThanOrEqual(GROUP_MAX_SECTIONS);
      expect(group.join('').length).toBeLessThanOrEqual(GROUP_MAX_CHARS);
    }
    // Every section was built exactly once, by a group or alone.
    expect([...calls.groups.flat(), ...calls.one].sort()).toEqual([...htmls].sort());
  });

  it('builds repeated HTML once per patch and shows its own copy, finished once, in each section', async () => {
    const { show, shown, calls, root } = setupGroups();
    // Ten sections of HTML, each shown ten times (a long text made of repeated blocks), among
    // sections of their own.
    const repeated = Array.from({ length: 10 }, (_, i) => `<p>repeated ${i}</p>`);
    const htmls = Array.from({ length: 150 }, (_, i) =>
      i % 3 === 2 ? `<p>own ${i}</p>` : repeated[i % 10]!,
    );
    expect(await show(htmls)).toBe(true);
    expect(shown()).toEqual(htmls);
    // Each distinct HTML was built (cleaned) once, by a group or alone.
    expect([...calls.groups.flat(), ...calls.one].sort()).toEqual([...new Set(htmls)].sort());
    expect(calls.finished + calls.one.length).toBe(150);
    // Copies, not shared nodes: each section holds its own, and changing one leaves the others.
    const paragraphs = [...root.querySelectorAll('p')];
    expect(new Set(paragraphs).size).toBe(150);
    paragraphs[0]!.textContent = 'changed';
    expect(shown().filter((html) => html === repeated[0])).toHaveLength(
      htmls.filter((html) => html === repeated[0]).length - 1,
    );
  });

  it('finishes each copy from the clean nodes, not from a finished one', async () => {
    const root = document.createElement('div');
    const parse = (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.content;
    };
    // A finishing step that changes the nodes it is given (as drawing a diagram does).
    const patcher = new SectionPatcher(
      root,
      (html) => parse(html),
      () => Promise.resolve(),
      {
        clean: (htmls) => htmls.map(parse),
        finish: (nodes) => {
          nodes.append('+');
          return nodes;
        },
      },
    );
    const htmls = ['<p>a</p>', '<p>b</p>', '<p>a</p>', '<p>a</p>', '<p>b</p>'];
    patcher.learn(Object.fromEntries(htmls.map((html, i) => [i + 1, html])));
    await patcher.apply(htmls.map((_, i) => ({ id: i + 1, line: i })));
    expect([...root.querySelectorAll(`.${SECTION_CLASS}`)].map((e) => e.innerHTML)).toEqual(
      htmls.map((html) => `${html}+`),
    );
  });

  it('keeps no copies between patches: repeated HTML of a later patch is built again', async () => {
    const { show, calls } = setupGroups();
    await show(['<p>x</p>', '<p>x</p>', '<p>y</p>']);
    const built = calls.groups.flat().length + calls.one.length;
    await show(['<p>x</p>', '<p>x</p>', '<p>y</p>', '<p>z</p>']);
    expect(calls.groups.flat().length + calls.one.length - built).toBe(3);
  });

  it('without a group builder, builds every section by itself, repeated or not', async () => {
    const root = document.createElement('div');
    const built: string[] = [];
    const patcher = new SectionPatcher(
      root,
      (html) => {
        built.push(html);
        const template = document.createElement('template');
        template.innerHTML = html;
        return template.content;
      },
      () => Promise.resolve(),
    );
    const htmls = ['<p>a</p>', '<p>a</p>', '<p>a</p>'];
    patcher.learn(Object.fromEntries(htmls.map((html, i) => [i + 1, html])));
    await patcher.apply(htmls.map((_, i) => ({ id: i + 1, line: i })));
    expect(built).toEqual(htmls);
    expect(root.querySelectorAll('p')).toHaveLength(3);
  });

  it('builds only the changed sections between kept ones, in a group', async () => {
    const { show, shown, calls, patcher } = setupGroups();
    await show(['<p>a</p>', '<p>b</p>', '<p>c</p>', '<p>d</p>']);
    calls.groups.length = 0;
    // b and d change, a and c keep their ids and places.
    const [a, , c] = patcher.sections.map((section) => ({ id: section.id, line: section.line }));
    patcher.learn({ 101: '<p>B</p>', 102: '<p>D</p>' });
    await patcher.apply([a!, { id: 101, line: 1 }, c!, { id: 102, line: 3 }]);
    expect(shown()).toEqual(['<p>a</p>', '<p>B</p>', '<p>c</p>', '<p>D</p>']);
    expect(calls.groups).toEqual([['<p>B</p>', '<p>D</p>']]);
  });
});

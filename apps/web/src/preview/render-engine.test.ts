import { resolveMarkdownOptions } from '@inkstone/markdown';
import { describe, expect, it } from 'vitest';
import { RenderEngine } from './render-engine';
import { type RenderResponse } from './render-protocol';

const options = resolveMarkdownOptions(undefined, undefined);

const setup = () => {
  const responses: RenderResponse[] = [];
  const tasks: (() => void)[] = [];
  const engine = new RenderEngine(
    (response) => responses.push(response),
    (task) => tasks.push(task),
  );
  const runTasks = () => {
    while (tasks.length > 0) tasks.shift()!();
  };
  return { engine, responses, runTasks };
};

describe('RenderEngine', () => {
  it('shows a first screen of a long document at once, then the rest in later tasks', () => {
    const { engine, responses, runTasks } = setup();
    const text = Array.from({ length: 800 }, (_, i) => `Paragraph ${i} of the long text.`).join(
      '\n\n',
    );
    engine.handle({ type: 'open', version: 1, text, options });
    expect(responses).toHaveLength(1);
    expect(responses[0]!.complete).toBe(false);
    expect(responses[0]!.sections.length).toBeLessThan(800);
    runTasks();
    const last = responses.at(-1)!;
    expect(last.complete).toBe(true);
    expect(last.sections).toHaveLength(800);
    expect(last.length).toBe(text.length);
  });

  it('renders an edit at once, handing out only the section that changed', () => {
    const { engine, responses, runTasks } = setup();
    engine.handle({ type: 'open', version: 1, text: 'One.\n\nTwo.\n\nThree.\n', options });
    runTasks();
    const before = responses.at(-1)!;
    engine.handle({ type: 'edit', version: 2, changes: [{ from: 9, to: 9, insert: ' more' }] });
    const after = responses.at(-1)!;
    expect(after).toMatchObject({ version: 2, complete: true });
    expect(Object.values(after.html)).toEqual(['<p data-line="0">Two more.</p>\n']);
    expect(after.sections[0]).toEqual(before.sections[0]);
  });

  it('converts the whole text again on every edit in the baseline mode', () => {
    const { engine, responses, runTasks } = setup();
    engine.handle({
      type: 'open',
      version: 1,
      text: 'One.\n\nTwo.\n',
      options,
      conversion: 'full',
    });
    runTasks();
    engine.handle({ type: 'edit', version: 2, changes: [{ from: 0, to: 0, insert: 'A ' }] });
    runTasks();
    expect(Object.keys(responses.at(-1)!.html)).toHaveLength(2);
  });

  // A long text pasted in, with a fence of a language not loaded yet at its end.
  const pasted = [
    ...Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} of the pasted text.`),
    '```python\nprint("hello")\n```',
    'The last paragraph.',
  ].join('\n\n');
  const settleAll = async (runTasks: () => void, responses: RenderResponse[]) => {
    for (let i = 0; i < 200 && !responses.at(-1)?.complete; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      runTasks();
    }
    // Nothing more follows (a language arriving late would render the code again).
    await new Promise((resolve) => setTimeout(resolve, 50));
    runTasks();
  };

  it('hands out the code of a long paste once, highlighted, waiting for its languages', async () => {
    // (The language's module compiled by the test runner beforehand, which can take longer than
    // the wait: in the app it is a file the browser fetches.)
    await import('highlight.js/lib/languages/python');
    const { engine, responses, runTasks } = setup();
    engine.handle({ type: 'open', version: 1, text: 'Start.\n', options });
    runTasks();
    engine.handle({
      type: 'edit',
      version: 2,
      changes: [{ from: 7, to: 7, insert: `\n${pasted}` }],
    });
    await settleAll(runTasks, responses);
    const last = responses.at(-1)!;
    expect(last).toMatchObject({ version: 2, complete: true, length: 8 + pasted.length });
    expect(last.sections).toHaveLength(4003);
    const code = responses.flatMap((response) =>
      Object.values(response.html).filter((html) => html.includes('<pre')),
    );
    expect(code).toHaveLength(1);
    expect(code[0]).toContain('<span class="hljs-built_in">print</span>');
    // Every section listed at the end was handed out once.
    const handedOut = responses.flatMap((response) => Object.keys(response.html).map(Number));
    expect(new Set(handedOut).size).toBe(handedOut.length);
    expect(last.sections.every((section) => handedOut.includes(section.id))).toBe(true);
  });

  it('renders a keystroke at once while a paste waits for its languages', async () => {
    const { engine, responses, runTasks } = setup();
    engine.handle({ type: 'open', version: 1, text: 'Start.\n', options });
    runTasks();
    engine.handle({
      type: 'edit',
      version: 2,
      changes: [{ from: 7, to: 7, insert: `\n${pasted}` }],
    });
    runTasks();
    const before = responses.length;
    engine.handle({ type: 'edit', version: 3, changes: [{ from: 0, to: 0, insert: 'A ' }] });
    expect(responses).toHaveLength(before + 1);
    expect(Object.values(responses.at(-1)!.html)).toContain('<p data-line="0">A Start.</p>\n');
    await settleAll(runTasks, responses);
    expect(responses.at(-1)).toMatchObject({ version: 3, complete: true });
  });
});

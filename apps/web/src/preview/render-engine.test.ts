import { resolveMarkdownOptions, WARM_UP_SAMPLES } from '@inkstone/markdown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HighlightPort } from './highlight-ahead';
import { type HighlightReply, serveHighlights } from './highlight-serve';
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
  return { engine, responses, tasks, runTasks };
};

describe('RenderEngine', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

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
    const before = responses.length;
    engine.handle({ type: 'edit', version: 2, changes: [{ from: 0, to: 0, insert: 'A ' }] });
    runTasks();
    // Every section handed out again, in one rendering or, on a busy machine whose slice ran
    // out, in two.
    const handedOut = responses.slice(before).flatMap((response) => Object.keys(response.html));
    expect(new Set(handedOut).size).toBe(2);
  });

  it('highlights a paste’s code in a worker meanwhile, and shows the same HTML as highlighting it here', async () => {
    // The worker's side in this thread, its messages as timers (highlight-serve.ts).
    const asked: number[] = [];
    const port: HighlightPort = {
      postMessage: (request) => {
        asked.push(request.items.length);
        setTimeout(() => serve(request), 0);
      },
      onmessage: null,
      onerror: null,
      terminate: () => undefined,
    };
    const serve = serveHighlights((reply) =>
      setTimeout(() => port.onmessage?.({ data: reply } as MessageEvent<HighlightReply>), 0),
    );
    const responses: RenderResponse[] = [];
    const tasks: (() => void)[] = [];
    const engine = new RenderEngine(
      (response) => responses.push(response),
      (task) => tasks.push(task),
      undefined,
      () => port,
    );
    const block = (i: number) =>
      `Step ${i}, in Go:\n\n\`\`\`go\nfunc step${i}() int {\n\treturn ${i} // the ${i}th\n}\n\`\`\`\n`;
    const text = Array.from({ length: 400 }, (_, i) => block(i)).join('\n');
    engine.handle({ type: 'open', version: 1, text: '', options });
    engine.handle({ type: 'edit', version: 2, changes: [{ from: 0, to: 0, insert: text }] });
    const html = new Map<number, string>();
    const settled = async () => {
      for (let i = 0; i < 500; i += 1) {
        while (tasks.length > 0) tasks.shift()!();
        for (const response of responses.splice(0)) {
          for (const [id, value] of Object.entries(response.html)) html.set(Number(id), value);
          if (response.complete && response.version === 2) return response;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('The paste never showed whole.');
    };
    const pasted = await settled();
    expect(asked).toEqual([400]);
    const shown = pasted.sections.map((section) => html.get(section.id)!);
    expect(shown.filter((value) => value.includes('<code class="language-go hljs">'))).toHaveLength(
      400,
    );
    // The same text highlighted in this thread (go is loaded here by now).
    const here = new RenderEngine(
      (response) => responses.push(response),
      (task) => tasks.push(task),
    );
    here.handle({ type: 'open', version: 2, text, options });
    const opened = await settled();
    expect(opened.sections.map((section) => html.get(section.id)!)).toEqual(shown);
  });

  it('splits a paste into blocks over several tasks, keeping what is typed meanwhile', () => {
    const { engine, responses, tasks, runTasks } = setup();
    engine.handle({ type: 'open', version: 1, text: 'Start.\n', options });
    runTasks();
    // A clock that moves a millisecond each time it is read: every slice runs out of time.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    const paste = Array.from({ length: 3000 }, (_, i) => `Pasted paragraph ${i}.`).join('\n\n');
    const shown = responses.length;
    engine.handle({
      type: 'edit',
      version: 2,
      changes: [{ from: 7, to: 7, insert: `\n${paste}` }],
    });
    // Nothing of a text half split is shown; the split goes on in a later task.
    expect(responses).toHaveLength(shown);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(responses).toHaveLength(shown);
    // Typed while the split goes on, at the top: it waits behind the paste, and is not lost.
    engine.handle({
      type: 'edit',
      version: 3,
      changes: [{ from: 0, to: 0, insert: '# Title\n\n' }],
    });
    let slices = 2;
    while (tasks.length > 0 && responses.length === shown) {
      tasks.shift()!();
      slices += 1;
    }
    expect(slices).toBeGreaterThan(4);
    runTasks();
    const last = responses.at(-1)!;
    expect(last).toMatchObject({ version: 3, complete: true });
    expect(last.length).toBe(`# Title\n\nStart.\n\n${paste}`.length);
    expect(last.sections).toHaveLength(3002);
    expect(responses.slice(shown).every((response) => response.version === 3)).toBe(true);
  });

  it('renders what is typed while a paste is rendered at once, and leaves the paste’s blocks to the later tasks', () => {
    const { engine, responses, tasks, runTasks } = setup();
    engine.handle({ type: 'open', version: 1, text: 'Start.\n', options });
    runTasks();
    // A clock that moves a millisecond each time it is read: every slice runs out of time.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    const paste = Array.from({ length: 3000 }, (_, i) => `Pasted paragraph ${i}.`).join('\n\n');
    let text = `Start.\n\n${paste}\n`;
    engine.handle({
      type: 'edit',
      version: 2,
      changes: [{ from: 7, to: 7, insert: `\n${paste}\n` }],
    });
    // Slices until the paste is split and its first blocks are shown.
    const shown = responses.length;
    while (tasks.length > 0 && responses.length === shown) tasks.shift()!();
    expect(responses.at(-1)).toMatchObject({ version: 2, complete: false });
    // From now on a slice would never run out of time: an edit rendering more than its own
    // blocks would render the whole paste in the keystroke.
    clock.mockImplementation(() => now);
    engine.handle({
      type: 'edit',
      version: 3,
      changes: [{ from: text.length, to: text.length, insert: '\nTyped.' }],
    });
    text += '\nTyped.';
    const typed = responses.at(-1)!;
    expect(typed).toMatchObject({ version: 3, complete: false });
    // The typed paragraph, and the few blocks around it that the edit scanned again.
    const html = Object.values(typed.html);
    expect(html.some((section) => section.includes('Typed.'))).toBe(true);
    expect(html.length).toBeLessThan(10);
    expect(tasks).toHaveLength(1);
    // The paste's blocks follow in the task already scheduled.
    runTasks();
    const last = responses.at(-1)!;
    expect(last).toMatchObject({ version: 3, complete: true, length: text.length });
    expect(last.sections).toHaveLength(3002);
  });

  describe('warming the pipeline up', () => {
    const warmSetup = () => {
      const responses: RenderResponse[] = [];
      const tasks: (() => void)[] = [];
      const idle: (() => void)[] = [];
      const warmed: string[] = [];
      const engine = new RenderEngine(
        (response) => responses.push(response),
        (task) => tasks.push(task),
        { idle: (task) => idle.push(task), rendered: (html) => warmed.push(html) },
      );
      const runTasks = () => {
        while (tasks.length > 0) tasks.shift()!();
      };
      return { engine, responses, tasks, idle, warmed, runTasks };
    };

    it('renders every sample, one per idle moment, once a text is shown, posting nothing', () => {
      const { engine, responses, idle, warmed, runTasks } = warmSetup();
      engine.handle({ type: 'open', version: 1, text: 'Hello.\n', options });
      runTasks();
      const posted = responses.length;
      expect(idle).toHaveLength(1);
      let moments = 0;
      while (idle.length > 0) {
        idle.shift()!();
        moments += 1;
        expect(warmed).toHaveLength(moments);
      }
      expect(moments).toBe(WARM_UP_SAMPLES.length);
      // The samples' renderings, with their formulas typeset and their emoji replaced.
      expect(warmed.join('')).toContain('class="katex"');
      expect(warmed.join('')).toContain('😄');
      expect(responses).toHaveLength(posted);
      // Once per converter: another text with the same options does not warm up again.
      engine.handle({ type: 'open', version: 2, text: 'Other.\n', options });
      runTasks();
      expect(idle).toHaveLength(0);
    });

    it('waits while a rendering is left to do', () => {
      const { engine, responses, tasks, idle, warmed, runTasks } = warmSetup();
      engine.handle({ type: 'open', version: 1, text: 'Start.\n', options });
      runTasks();
      let now = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
      const paste = Array.from({ length: 3000 }, (_, i) => `Pasted ${i}.`).join('\n\n');
      engine.handle({ type: 'edit', version: 2, changes: [{ from: 7, to: 7, insert: paste }] });
      expect(tasks.length).toBeGreaterThan(0);
      // An idle moment while the paste's slices are left: no sample, the next moment asked for.
      idle.shift()!();
      expect(warmed).toHaveLength(0);
      expect(idle).toHaveLength(1);
      runTasks();
      expect(responses.at(-1)).toMatchObject({ version: 2, complete: true });
      while (idle.length > 0) idle.shift()!();
      expect(warmed).toHaveLength(WARM_UP_SAMPLES.length);
    });

    it('warms a new converter up when the options change, and stops warming the old one', () => {
      const { engine, idle, warmed, runTasks } = warmSetup();
      engine.handle({ type: 'open', version: 1, text: 'Start.\n', options });
      runTasks();
      idle.shift()!();
      expect(warmed).toHaveLength(1);
      const other = resolveMarkdownOptions({ emoji: false }, undefined);
      engine.handle({ type: 'open', version: 2, text: 'Start.\n', options: other });
      runTasks();
      // The old converter's next moment ends its warm-up; the new one's goes on to the end.
      while (idle.length > 0) idle.shift()!();
      expect(warmed).toHaveLength(1 + WARM_UP_SAMPLES.length);
      expect(warmed.at(-1)).not.toContain('😄');
      expect(warmed.slice(1).join('')).toContain(':smile:');
    });
  });
});

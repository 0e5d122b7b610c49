import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Handlebars from 'handlebars';
import { describe, expect, it, vi } from 'vitest';
import {
  generateTemplate,
  TEMPLATE_GENERATION_TIMEOUT,
  TEMPLATE_TIMEOUT_MESSAGE,
  type TemplateWorker,
} from './template-generator';
import { runTemplate, type TemplateRequest } from './template-runner';

const context = { files: [{ name: 'Notes', content: { text: 'hello' } }], pdf: false };

// A worker answering in this thread: generation as the browser's worker does it.
function inThreadWorker(): TemplateWorker & { terminated: boolean } {
  const worker = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(request: TemplateRequest) {
      setTimeout(() => worker.onmessage?.({ data: runTemplate(Handlebars, request) }), 0);
    },
    terminate() {
      worker.terminated = true;
    },
  } as TemplateWorker & { terminated: boolean };
  return worker;
}

// A real thread running the same `runTemplate`, for code that never returns.
function threadWorker(): TemplateWorker {
  const handlebarsPath = createRequire(import.meta.url).resolve('handlebars');
  const thread = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const Handlebars = require(${JSON.stringify(handlebarsPath)});
     const runTemplate = (${runTemplate.toString()});
     parentPort.on('message', (request) => parentPort.postMessage(runTemplate(Handlebars, request)));`,
    { eval: true },
  );
  const worker: TemplateWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (request) => thread.postMessage(request),
    terminate: () => {
      thread.terminate().catch((error: unknown) => console.error(error));
    },
  };
  thread.on('message', (data) => worker.onmessage?.({ data }));
  thread.on('error', (error) => worker.onerror?.({ message: error.message }));
  return worker;
}

describe('runTemplate', () => {
  it('runs the user helpers, then the template on the context', () => {
    const response = runTemplate(Handlebars, {
      value: '{{#each files}}{{shout name}}: {{content.text}}{{/each}}',
      helpers: "Handlebars.registerHelper('shout', (text) => String(text).toUpperCase() + '!');",
      context,
    });
    expect(response).toEqual({ ok: true, result: 'NOTES!: hello' });
  });

  it('keeps helpers to their own generation', () => {
    runTemplate(Handlebars, {
      value: '',
      helpers: "Handlebars.registerHelper('leak', () => 'x');",
      context,
    });
    const response = runTemplate(Handlebars, { value: '{{leak}}', helpers: '', context });
    expect(response).toEqual({ ok: true, result: '' });
  });

  it('reports a helper or template error by its message', () => {
    expect(
      runTemplate(Handlebars, { value: '', helpers: 'throw new Error("bad helper")', context }),
    ).toEqual({ ok: false, error: 'bad helper' });
    const response = runTemplate(Handlebars, { value: '{{#each}', helpers: '', context });
    expect(response.ok).toBe(false);
  });
});

describe('generateTemplate', () => {
  it('generates in a worker and terminates it after the answer', async () => {
    const worker = inThreadWorker();
    const result = await generateTemplate(
      { value: '{{files.0.content.text}} {{pdf}}', helpers: '', context },
      { createWorker: () => worker },
    );
    expect(result).toBe('hello false');
    expect(worker.terminated).toBe(true);
  });

  it('rejects with the error of the template', async () => {
    await expect(
      generateTemplate(
        { value: '{{x}}', helpers: 'nope(', context },
        { createWorker: inThreadWorker },
      ),
    ).rejects.toThrow(/./);
  });

  it("stops a worker that does not answer after 10 s with 'Template generation timeout.'", async () => {
    vi.useFakeTimers();
    try {
      const worker = { ...inThreadWorker(), postMessage: () => {} };
      const terminate = vi.spyOn(worker, 'terminate');
      const generation = generateTemplate(
        { value: '', helpers: '', context },
        { createWorker: () => worker },
      );
      const settled = expect(generation).rejects.toThrow(TEMPLATE_TIMEOUT_MESSAGE);
      vi.advanceTimersByTime(TEMPLATE_GENERATION_TIMEOUT - 1);
      expect(terminate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      await settled;
      expect(terminate).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a helper looping forever in a real thread', async () => {
    const started = Date.now();
    await expect(
      generateTemplate(
        {
          value: '{{loop}}',
          helpers: "Handlebars.registerHelper('loop', () => { for (;;) {} });",
          context,
        },
        { createWorker: threadWorker, timeout: 300 },
      ),
    ).rejects.toThrow(TEMPLATE_TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('generates with a helper in a real thread', async () => {
    const result = await generateTemplate(
      {
        value: '{{twice files.0.name}}',
        helpers: "Handlebars.registerHelper('twice', (s) => s + s);",
        context,
      },
      { createWorker: threadWorker, timeout: 5000 },
    );
    expect(result).toBe('NotesNotes');
  });
});
